// Every refusal the provider and the BFF answer: code → HTTP status → the pt-BR reason a person reads. One code has
// one status and one message; a message that needs a value (an amount) takes it as the message's argument.
// The provider raises them with `fail('CODE')`; the web's ApiError carries an `ErrorCode`, so a misspelt code is a
// type error rather than a branch that never runs.
import { messages } from './messages.ts';

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
  INVALID_INPUT: e(400, detailed(messages.generic.invalidInput)),
  INVALID_JSON: e(400, messages.generic.invalidInput),
  UNAUTHENTICATED: e(401, messages.generic.unauthenticated),
  FORBIDDEN: e(403, detailed(messages.generic.forbidden)),
  NOT_FOUND: e(404, messages.generic.notFound),
  /** The BFF's per-route limits name requests rather than tries (messages.proxy.tooMany). */
  RATE_LIMITED: e(429, detailed(messages.generic.tooMany)),
  UNEXPECTED: e(500, messages.generic.unexpected),
  CLIENT_ERROR: e(400, messages.generic.invalidInput),

  // Impact preview (issue 18.3): edit only inside this block.
  // </impact>
  // Lifecycle radar (issue 18.5): edit only inside this block.
  /** A cursor of one radar list sent to another (the expiring list's carries a date). */
  RADAR_CURSOR_INVALID: e(400, messages.radar.cursorInvalid),
  // </radar>
  // CSV exports (issue 18.1): edit only inside this block.
  EXPORT_KIND_UNKNOWN: e(400, messages.exports.kindUnknown),
  /** A download ticket that does not open, has expired or belongs to another operator. */
  EXPORT_TICKET_INVALID: e(410, messages.exports.ticketInvalid),
  EXPORT_TICKET_USED: e(410, messages.exports.ticketUsed),
  /** The CSV asked for through /proxy rather than the BFF's download route. */
  EXPORT_DOWNLOAD_ONLY: e(400, messages.exports.downloadOnly),
  // </exports>
  // Bulk changes (issue 18.2): edit only inside this block.
  /** The same file line twice in one call: the answer could not say which row is which. */
  BULK_LINE_REPEATED: e(400, messages.bulk.lineRepeated),
  // </bulk>
  // Profiles (issue 16): edit only inside this block.
  /** The operator's profile in the company at hand lacks the endpoint's permission (the reason names both). */
  PROFILE_FORBIDDEN: e(403, detailed(messages.profiles.forbiddenGeneric)),
  /** Demoting, deactivating or deleting the company's last active Administrador. */
  LAST_ADMINISTRATOR: e(409, messages.profiles.lastAdministrator),
  /** An operator changing their own profile. */
  OWN_PROFILE: e(403, messages.profiles.ownProfile),
  // </profiles>
  // Audit trail (issue 16): edit only inside this block.
  /** A period that ends before it starts, reaches past 12 months back or ends in the future (detail says which). */
  AUDIT_PERIOD_INVALID: e(400, detailed(messages.audit.periodInvalid)),
  // </audit>
  // Second factor (issue 16): edit only inside this block.
  /** A session that waits for its code, used for anything but the code, the enrolment or sign-out. */
  SECOND_FACTOR_PENDING: e(403, messages.secondFactor.pending),
  /** A wrong, reused or malformed code; it counts toward the sign-in lockout. */
  SECOND_FACTOR_INVALID: e(400, messages.secondFactor.invalidCode),
  SECOND_FACTOR_NOT_STARTED: e(409, messages.secondFactor.notStarted),
  SECOND_FACTOR_ALREADY_ENROLLED: e(409, messages.secondFactor.alreadyEnrolled),
  SECOND_FACTOR_NOT_ENROLLED: e(404, messages.secondFactor.notEnrolled),
  SECOND_FACTOR_MANDATORY: e(403, messages.secondFactor.mandatory),
  /** The last check is older than STEP_UP_MAX_AGE_MS: the call is refused, unchanged, until a stepUp. */
  STEP_UP_REQUIRED: e(403, messages.secondFactor.stepUpRequired),
  STEP_UP_FAILED: e(400, messages.secondFactor.stepUpFailed),
  // </second-factor>

  // Sign-in, recovery, first access, password change
  LOGIN_FAILED: e(401, messages.login.failure),
  TEMPORARY_PASSWORD_EXPIRED: e(403, messages.login.temporaryExpired),
  NOT_TEMPORARY_PASSWORD: e(403, messages.firstAccess.notTemporary),
  PASSWORDS_DIFFER: e(400, messages.recovery.passwordsDiffer),
  SAME_AS_TEMPORARY_PASSWORD: e(400, messages.firstAccess.samePassword),
  SAME_PASSWORD: e(400, messages.passwordChange.samePassword),
  WRONG_CURRENT_PASSWORD: e(400, messages.passwordChange.wrongCurrent),
  PASSWORD_TRIES_EXHAUSTED: e(429, messages.passwordChange.tooManyTries),
  PASSWORD_CHANGE_CONFLICT: e(409, messages.passwordChange.conflict),
  PASSWORD_CHANGE_FAILED: e(500, messages.recovery.changeFailure),
  RECOVERY_LOGIN_NOT_FOUND: e(404, messages.recovery.userNotFound),
  INVALID_CODE: e(400, messages.recovery.invalidCode),
  TOO_MANY_CODES: e(429, messages.recovery.tooManyCodes),
  CODE_MAIL_FAILED: e(503, messages.recovery.sendFailure),

  // Companies, cards, holders, limits, invoices, proposals
  COMPANY_NOT_FOUND: e(404, messages.company.notFound),
  RELATIONSHIP_NOT_FOUND: e(404, messages.proposal.relationshipNotFound),
  CARDS_NOT_FOUND: e(404, messages.cards.notFound),
  CARD_NOT_FOUND: e(404, messages.cardApi.cardNotFound),
  HOLDER_NOT_FOUND: e(404, messages.cards.holderNotFound),
  CARD_ALREADY_BLOCKED: e(409, messages.cardApi.alreadyBlocked),
  CARD_NOT_BLOCKED: e(409, messages.cardApi.notBlocked),
  PERMANENTLY_BLOCKED: e(409, messages.cardApi.permanentlyBlocked),
  ACCOUNT_CANCELLED: e(409, messages.cardApi.accountCancelled),
  ALREADY_CANCELLED: e(409, messages.cardApi.alreadyCancelled),
  LIMIT_NOT_POSITIVE: e(400, messages.cardApi.limitNotPositive),
  /** The detail is the most the card may have available (its credit limit's room in the relationship), formatted. */
  LIMIT_ABOVE_RELATIONSHIP: e(422, messages.cardApi.limitAboveRelationship),
  /** Spending controls and the network's authorizations (issue 30). */
  NOT_IN_DEMO: e(404, messages.spending.simulate.onlyDemo),
  NETWORK_UNAUTHENTICATED: e(401, messages.spending.network.unauthenticated),
  /** A portal call that does not carry the deployment's BFF key (decision 129). */
  CALLER_UNAUTHENTICATED: e(401, messages.generic.callerUnauthenticated),
  NETWORK_REQUEST_REPEATED: e(409, messages.spending.network.repeatedRequest),
  VIRTUAL_CARD_NOT_FOUND: e(404, messages.spending.virtual.notFound),
  VIRTUAL_CARD_CLOSED: e(409, messages.spending.virtual.closed),
  /** The detail is the holder card's credit limit, formatted. */
  VIRTUAL_LIMIT_ABOVE_HOLDER: e(422, messages.spending.virtual.limitAboveHolder),
  INVOICE_NOT_FOUND: e(404, messages.invoices.unavailable),
  CEP_NOT_FOUND: e(404, messages.cardApi.cepNotFound),
  CEP_UNAVAILABLE: e(502, messages.cardApi.cepUnavailable),
  DUPLICATE_PROPOSAL: e(409, messages.proposal.duplicate),
  /** The platform's proposal refusals keep their numeric codes, as strings (spec section 8). */
  '38': e(422, messages.proposal.noLimit),
  '6': e(422, messages.proposal.cpfNotAllowed),

  // Portal users
  USER_NOT_FOUND: e(404, messages.users.notFound),
  LOGIN_TAKEN: e(409, messages.users.loginTaken),
  DOCUMENT_TAKEN: e(409, messages.users.documentTaken),
  USER_ACTIVE: e(409, messages.users.deleteActive),
  SELF_DELETE: e(403, messages.users.selfDelete),
  SELF_DEACTIVATE: e(403, messages.users.selfDeactivate),
  USER_MAIL_FAILED: e(503, messages.users.mailFailure),

  // The BFF's own refusals, before the provider is reached
  BAD_CLIENT: e(400, messages.proxy.notAllowed),
  BAD_ENVIRONMENT: e(400, messages.proxy.notAllowed),
  BAD_URL: e(400, messages.proxy.notAllowed),
  WRONG_ENVIRONMENT: e(400, messages.proxy.notAllowed),
  HOST_NOT_ALLOWED: e(400, messages.proxy.notAllowed),
  ROUTE_NOT_ALLOWED: e(400, messages.proxy.notAllowed),
  QUERY_NOT_ALLOWED: e(400, messages.proxy.notAllowed),
  HEADER_NOT_ALLOWED: e(400, messages.proxy.notAllowed),
  BAD_HEADER_VALUE: e(400, messages.proxy.notAllowed),
  BODY_NOT_ALLOWED: e(400, messages.proxy.notAllowed),
  INVALID_BODY: e(400, messages.proxy.notAllowed),
  BAD_REQUEST: e(400, messages.generic.invalidInput),
  BAD_ENVELOPE: e(400, messages.proxy.invalidEnvelope),
  BAD_REQUEST_ID: e(400, messages.proxy.invalidEnvelope),
  STALE_REQUEST_ID: e(400, messages.proxy.staleRequest),
  INVALID_DEVICE: e(400, messages.proxy.invalidDevice),
  BAD_DEVICE_ID: e(400, messages.proxy.invalidDevice),
  BUSY: e(503, messages.proxy.busy),
  UNAUTHORIZED: e(401, messages.proxy.unauthorized),
  UNKNOWN_DEVICE: e(401, messages.proxy.unauthorized),
  METRICS_TOKEN: e(401, messages.proxy.metricsToken),
  REPLAYED: e(409, messages.proxy.replayed),
  BODY_TOO_LARGE: e(413, messages.proxy.tooLarge),
  UNSUPPORTED_MEDIA_TYPE: e(415, messages.generic.invalidInput),
  UPSTREAM_UNAVAILABLE: e(502, messages.proxy.upstream),
  UPSTREAM_INVALID: e(502, messages.proxy.upstream),
  UPSTREAM_REDIRECT: e(502, messages.proxy.upstream),
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
