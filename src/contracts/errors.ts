// Every refusal the provider and the BFF answer: code → HTTP status → the pt-BR reason a person reads. One code has
// one status and one message; a message that needs a value (an amount) takes it as the message's argument.
// The provider raises them with `fail('CODE')`; the web's ApiError carries an `ErrorCode`, so a misspelt code is a
// type error rather than a branch that never runs.
import { auditMessages } from './audit-messages.ts';
import { bulkMessages } from './bulk-messages.ts';
import { cardMessages } from './card-messages.ts';
import { commonMessages } from './common-messages.ts';
import { companyMessages } from './company-messages.ts';
import { exportMessages } from './exports-messages.ts';
import { platformMessages } from './platform-messages.ts';
import { profileMessages } from './profiles-messages.ts';
import { radarMessages } from './radar-messages.ts';
import { secondFactorMessages } from './second-factor-messages.ts';
import { sessionMessages } from './session-messages.ts';
import { spendingMessages } from './spending-messages.ts';
import { userMessages } from './user-messages.ts';

type Message = string | ((detail: string) => string);
interface ErrorEntry {
  status: number;
  message: Message;
}

const e = <M extends Message>(status: number, message: M) => ({ status, message });
/** A refusal whose reason names the field or the rule at hand (the default when none is given). */
const detailed = (fallback: string) => (detail?: string) => detail ?? fallback;

export const errors = {
  // Any endpoint
  INVALID_INPUT: e(400, detailed(commonMessages.generic.invalidInput)),
  INVALID_JSON: e(400, commonMessages.generic.invalidInput),
  UNAUTHENTICATED: e(401, commonMessages.generic.unauthenticated),
  FORBIDDEN: e(403, detailed(commonMessages.generic.forbidden)),
  NOT_FOUND: e(404, commonMessages.generic.notFound),
  /** The BFF's per-route limits name requests rather than tries (platformMessages.proxy.tooMany). */
  RATE_LIMITED: e(429, detailed(commonMessages.generic.tooMany)),
  UNEXPECTED: e(500, commonMessages.generic.unexpected),
  CLIENT_ERROR: e(400, commonMessages.generic.invalidInput),

  // Impact preview (issue 18.3): edit only inside this block.
  // </impact>
  // Lifecycle radar (issue 18.5): edit only inside this block.
  /** A cursor of one radar list sent to another (the expiring list's carries a date). */
  RADAR_CURSOR_INVALID: e(400, radarMessages.cursorInvalid),
  // </radar>
  // CSV exports (issue 18.1): edit only inside this block.
  EXPORT_KIND_UNKNOWN: e(400, exportMessages.kindUnknown),
  /** A download ticket that does not open, has expired or belongs to another operator. */
  EXPORT_TICKET_INVALID: e(410, exportMessages.ticketInvalid),
  EXPORT_TICKET_USED: e(410, exportMessages.ticketUsed),
  /** The CSV asked for through /proxy rather than the BFF's download route. */
  EXPORT_DOWNLOAD_ONLY: e(400, exportMessages.downloadOnly),
  // </exports>
  // Bulk changes (issue 18.2): edit only inside this block.
  /** The same file line twice in one call: the answer could not say which row is which. */
  BULK_LINE_REPEATED: e(400, bulkMessages.lineRepeated),
  // </bulk>
  // Profiles (issue 16): edit only inside this block.
  /** The operator's profile in the company at hand lacks the endpoint's permission (the reason names both). */
  PROFILE_FORBIDDEN: e(403, detailed(profileMessages.forbiddenGeneric)),
  /** Demoting, deactivating or deleting the company's last active Administrador. */
  LAST_ADMINISTRATOR: e(409, profileMessages.lastAdministrator),
  /** An operator changing their own profile. */
  OWN_PROFILE: e(403, profileMessages.ownProfile),
  // </profiles>
  // Audit trail (issue 16): edit only inside this block.
  /** A period that ends before it starts, reaches past 12 months back or ends in the future (detail says which). */
  AUDIT_PERIOD_INVALID: e(400, detailed(auditMessages.periodInvalid)),
  // </audit>
  // Second factor (issue 16): edit only inside this block.
  /** A session that waits for its code, used for anything but the code, the enrolment or sign-out. */
  SECOND_FACTOR_PENDING: e(403, secondFactorMessages.pending),
  /** A wrong, reused or malformed code; it counts toward the sign-in lockout. */
  SECOND_FACTOR_INVALID: e(400, secondFactorMessages.invalidCode),
  SECOND_FACTOR_NOT_STARTED: e(409, secondFactorMessages.notStarted),
  SECOND_FACTOR_ALREADY_ENROLLED: e(409, secondFactorMessages.alreadyEnrolled),
  SECOND_FACTOR_NOT_ENROLLED: e(404, secondFactorMessages.notEnrolled),
  SECOND_FACTOR_MANDATORY: e(403, secondFactorMessages.mandatory),
  /** The last check is older than STEP_UP_MAX_AGE_MS: the call is refused, unchanged, until a stepUp. */
  STEP_UP_REQUIRED: e(403, secondFactorMessages.stepUpRequired),
  STEP_UP_FAILED: e(400, secondFactorMessages.stepUpFailed),
  // </second-factor>

  // Sign-in, recovery, first access, password change
  LOGIN_FAILED: e(401, sessionMessages.login.failure),
  TEMPORARY_PASSWORD_EXPIRED: e(403, sessionMessages.login.temporaryExpired),
  NOT_TEMPORARY_PASSWORD: e(403, sessionMessages.firstAccess.notTemporary),
  PASSWORDS_DIFFER: e(400, sessionMessages.recovery.passwordsDiffer),
  SAME_AS_TEMPORARY_PASSWORD: e(400, sessionMessages.firstAccess.samePassword),
  SAME_PASSWORD: e(400, sessionMessages.passwordChange.samePassword),
  WRONG_CURRENT_PASSWORD: e(400, sessionMessages.passwordChange.wrongCurrent),
  PASSWORD_TRIES_EXHAUSTED: e(429, sessionMessages.passwordChange.tooManyTries),
  PASSWORD_CHANGE_CONFLICT: e(409, sessionMessages.passwordChange.conflict),
  PASSWORD_CHANGE_FAILED: e(500, sessionMessages.recovery.changeFailure),
  RECOVERY_LOGIN_NOT_FOUND: e(404, sessionMessages.recovery.userNotFound),
  INVALID_CODE: e(400, sessionMessages.recovery.invalidCode),
  TOO_MANY_CODES: e(429, sessionMessages.recovery.tooManyCodes),
  CODE_MAIL_FAILED: e(503, sessionMessages.recovery.sendFailure),

  // Companies, cards, holders, limits, invoices, proposals
  COMPANY_NOT_FOUND: e(404, sessionMessages.company.notFound),
  RELATIONSHIP_NOT_FOUND: e(404, companyMessages.proposal.relationshipNotFound),
  CARDS_NOT_FOUND: e(404, cardMessages.cards.notFound),
  CARD_NOT_FOUND: e(404, cardMessages.cardApi.cardNotFound),
  HOLDER_NOT_FOUND: e(404, cardMessages.cards.holderNotFound),
  CARD_ALREADY_BLOCKED: e(409, cardMessages.cardApi.alreadyBlocked),
  CARD_NOT_BLOCKED: e(409, cardMessages.cardApi.notBlocked),
  PERMANENTLY_BLOCKED: e(409, cardMessages.cardApi.permanentlyBlocked),
  ACCOUNT_CANCELLED: e(409, cardMessages.cardApi.accountCancelled),
  ALREADY_CANCELLED: e(409, cardMessages.cardApi.alreadyCancelled),
  LIMIT_NOT_POSITIVE: e(400, cardMessages.cardApi.limitNotPositive),
  /** The detail is the most the card may have available (its credit limit's room in the relationship), formatted. */
  LIMIT_ABOVE_RELATIONSHIP: e(422, cardMessages.cardApi.limitAboveRelationship),
  /** Spending controls and the network's authorizations (issue 30). */
  NOT_IN_DEMO: e(404, spendingMessages.simulate.onlyDemo),
  NETWORK_UNAUTHENTICATED: e(401, spendingMessages.network.unauthenticated),
  /** A portal call that does not carry the deployment's BFF key (decision 129). */
  CALLER_UNAUTHENTICATED: e(401, commonMessages.generic.callerUnauthenticated),
  NETWORK_REQUEST_REPEATED: e(409, spendingMessages.network.repeatedRequest),
  VIRTUAL_CARD_NOT_FOUND: e(404, spendingMessages.virtual.notFound),
  VIRTUAL_CARD_CLOSED: e(409, spendingMessages.virtual.closed),
  /** The detail is the holder card's credit limit, formatted. */
  VIRTUAL_LIMIT_ABOVE_HOLDER: e(422, spendingMessages.virtual.limitAboveHolder),
  INVOICE_NOT_FOUND: e(404, companyMessages.invoices.unavailable),
  CEP_NOT_FOUND: e(404, cardMessages.cardApi.cepNotFound),
  CEP_UNAVAILABLE: e(502, cardMessages.cardApi.cepUnavailable),
  DUPLICATE_PROPOSAL: e(409, companyMessages.proposal.duplicate),
  /** The platform's proposal refusals keep their numeric codes, as strings (spec section 8). */
  '38': e(422, companyMessages.proposal.noLimit),
  '6': e(422, companyMessages.proposal.cpfNotAllowed),

  // Portal users
  USER_NOT_FOUND: e(404, userMessages.users.notFound),
  LOGIN_TAKEN: e(409, userMessages.users.loginTaken),
  DOCUMENT_TAKEN: e(409, userMessages.users.documentTaken),
  USER_ACTIVE: e(409, userMessages.users.deleteActive),
  SELF_DELETE: e(403, userMessages.users.selfDelete),
  SELF_DEACTIVATE: e(403, userMessages.users.selfDeactivate),
  USER_MAIL_FAILED: e(503, userMessages.users.mailFailure),

  // The BFF's own refusals, before the provider is reached
  BAD_CLIENT: e(400, platformMessages.proxy.notAllowed),
  BAD_ENVIRONMENT: e(400, platformMessages.proxy.notAllowed),
  BAD_URL: e(400, platformMessages.proxy.notAllowed),
  WRONG_ENVIRONMENT: e(400, platformMessages.proxy.notAllowed),
  HOST_NOT_ALLOWED: e(400, platformMessages.proxy.notAllowed),
  ROUTE_NOT_ALLOWED: e(400, platformMessages.proxy.notAllowed),
  QUERY_NOT_ALLOWED: e(400, platformMessages.proxy.notAllowed),
  HEADER_NOT_ALLOWED: e(400, platformMessages.proxy.notAllowed),
  BAD_HEADER_VALUE: e(400, platformMessages.proxy.notAllowed),
  BODY_NOT_ALLOWED: e(400, platformMessages.proxy.notAllowed),
  INVALID_BODY: e(400, platformMessages.proxy.notAllowed),
  BAD_REQUEST: e(400, commonMessages.generic.invalidInput),
  BAD_ENVELOPE: e(400, platformMessages.proxy.invalidEnvelope),
  BAD_REQUEST_ID: e(400, platformMessages.proxy.invalidEnvelope),
  STALE_REQUEST_ID: e(400, platformMessages.proxy.staleRequest),
  INVALID_DEVICE: e(400, platformMessages.proxy.invalidDevice),
  BAD_DEVICE_ID: e(400, platformMessages.proxy.invalidDevice),
  BUSY: e(503, platformMessages.proxy.busy),
  UNAUTHORIZED: e(401, platformMessages.proxy.unauthorized),
  UNKNOWN_DEVICE: e(401, platformMessages.proxy.unauthorized),
  METRICS_TOKEN: e(401, platformMessages.proxy.metricsToken),
  REPLAYED: e(409, platformMessages.proxy.replayed),
  BODY_TOO_LARGE: e(413, platformMessages.proxy.tooLarge),
  UNSUPPORTED_MEDIA_TYPE: e(415, commonMessages.generic.invalidInput),
  UPSTREAM_UNAVAILABLE: e(502, platformMessages.proxy.upstream),
  UPSTREAM_INVALID: e(502, platformMessages.proxy.upstream),
  UPSTREAM_REDIRECT: e(502, platformMessages.proxy.upstream),
} as const satisfies Record<string, ErrorEntry>;

export type ServerErrorCode = keyof typeof errors;

/**
 * Codes only the browser produces: no network, a start-up that failed, an answer that broke its contract, and the
 * spec's E00001 (the transport has no key to seal with).
 */
export const CLIENT_ERROR_CODES = [
  'NETWORK_ERROR',
  'TIMEOUT',
  'STARTUP_FAILED',
  'BAD_RESPONSE',
  'UNSEALED_ANSWER',
  'E00001',
] as const;

export type ErrorCode = ServerErrorCode | (typeof CLIENT_ERROR_CODES)[number];

export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && (Object.hasOwn(errors, code) || (CLIENT_ERROR_CODES as readonly string[]).includes(code));

/** The arguments a code's message takes: none for a fixed message, the detail for one that names a value. */
export type DetailOf<C extends ServerErrorCode> = (typeof errors)[C]['message'] extends (detail: infer D) => string
  ? undefined extends D
    ? [detail?: string]
    : [detail: string]
  : [];

/** Status and message of a refusal, from the table. */
export function refusal<C extends ServerErrorCode>(
  code: C,
  ...detail: DetailOf<C>
): { status: number; message: string } {
  const entry: ErrorEntry = errors[code];
  const message = typeof entry.message === 'function' ? entry.message(detail[0] as string) : entry.message;
  return { status: entry.status, message };
}
