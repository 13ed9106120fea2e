// Reads that failed because something on the way was down (the BFF unreachable, the provider down or too slow)
// are asked again while their screen is open, so the screen comes back by itself when the service does.
// A refusal the request itself caused (4xx, an answer that does not parse) is final: asking again would only get
// the same answer, so it is never repeated. User actions (mutations) are never repeated either.
import {
  type ApiErrorCode,
  BAD_RESPONSE_CODE,
  isApiError,
  NETWORK_ERROR_CODE,
  STARTUP_FAILED_CODE,
  TIMEOUT_CODE,
} from './transport/index.ts';

/** How often a read that failed in passing is asked again while its screen is open. */
export const RECOVERY_INTERVAL_MS = 5_000;

/** Statuses the BFF answers when the provider, or the BFF itself, cannot serve right now. */
const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);
/** No answer at all: the BFF was unreachable, or the device could not register (the next call starts again). */
const UNREACHABLE_CODES = new Set<ApiErrorCode | undefined>([NETWORK_ERROR_CODE, TIMEOUT_CODE, STARTUP_FAILED_CODE]);

export function isTransientFailure(error: unknown): boolean {
  // An answer off its contract comes as a 502 from the typed client, yet the same request gets the same answer.
  if (!isApiError(error) || error.code === BAD_RESPONSE_CODE) return false;
  return UNAVAILABLE_STATUSES.has(error.status) || (error.status === 0 && UNREACHABLE_CODES.has(error.code));
}

/** What a query exposes to `refetchInterval`: only its state is read. */
interface QueryLike {
  state: { status: string; error: unknown };
}

/** TanStack Query's `refetchInterval`: poll only while the read is in a transient failure. */
export function recoveryInterval(query: QueryLike): number | false {
  const { status, error } = query.state;
  return status === 'error' && isTransientFailure(error) ? RECOVERY_INTERVAL_MS : false;
}

/**
 * A failure of the network or the server (issue 27): asking again may succeed, so the screen that says it offers
 * "Tentar novamente". A refusal of the request itself (4xx, an answer off its contract) would only be said again.
 */
export function isRetryableFailure(error: unknown): boolean {
  if (isTransientFailure(error)) return true;
  return isApiError(error) && error.status >= 500 && error.code !== BAD_RESPONSE_CODE;
}
