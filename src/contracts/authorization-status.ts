// One rule for what an authorization is (spec section 4's status mapping): the history screen shows it, and the
// provider's used amount counts exactly the ones it shows as APROVADA (mirrored in SQL by
// src/provider/services/limits.ts, with a test that the two agree).

/** The fields the rule reads; capture and password flags default to a plain online authorization. */
export interface AuthorizationFacts {
  descDrop: string;
  descResponseTransaction: string;
  capturedOffline?: boolean;
  passwordValidated?: boolean;
}

export const APPROVED = 'APROVADA';
export const DENIED = 'NEGADA';
export const CANCELLED = 'CANCELADA';

/**
 * An offline capture whose password was not validated and that is not cancelled: the platform reports it with the
 * drop APROVADA, which the history filter keeps (spec section 5), so section 4's offline rule applies to it.
 */
export const isUnverifiedOfflineApproval = (a: AuthorizationFacts) =>
  a.descDrop === APPROVED && a.capturedOffline === true && a.passwordValidated === false;

/**
 * The status shown: a denied one stays NEGADA; a drop of ONLINE or CANCELADA becomes CANCELADA; NORMAL, or an
 * unverified offline approval, becomes APROVADA; anything else shows the platform's response description.
 */
export function authorizationStatus(a: AuthorizationFacts): string {
  switch (a.descDrop) {
    case DENIED:
      return DENIED;
    case 'ONLINE':
    case CANCELLED:
      return CANCELLED;
    case 'NORMAL':
      return APPROVED;
    default:
      return isUnverifiedOfflineApproval(a) ? APPROVED : a.descResponseTransaction;
  }
}

/** Approved authorizations are the ones that hold the card's limit until their invoice is paid. */
export const isApprovedAuthorization = (a: AuthorizationFacts) => authorizationStatus(a) === APPROVED;
