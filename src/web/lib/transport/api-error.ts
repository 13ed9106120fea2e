import { commonMessages } from '../../../contracts/common-messages.ts';
import { type CLIENT_ERROR_CODES, type ErrorCode, isErrorCode } from '../../../contracts/errors.ts';

type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** The BFF could not be reached at all (offline, restarting): status 0 with this code. */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR' satisfies ClientErrorCode;
/** No answer within REQUEST_TIMEOUT_MS (wire.ts): status 0 with this code. */
export const TIMEOUT_CODE = 'TIMEOUT' satisfies ClientErrorCode;
/** The device could not register, so no call can be sealed; the start-up alert says it. */
export const STARTUP_FAILED_CODE = 'STARTUP_FAILED' satisfies ClientErrorCode;
/** An answer that does not follow its endpoint's contract. */
export const BAD_RESPONSE_CODE = 'BAD_RESPONSE' satisfies ClientErrorCode;
/** An answer to a sealed call that came in the clear, or sealed for another call (decision 130). */
export const UNSEALED_ANSWER_CODE = 'UNSEALED_ANSWER' satisfies ClientErrorCode;
/** The spec's own code for a start-up without the server key (docs/transport.md). */
export const MISSING_KEY_CODE = 'E00001' satisfies ClientErrorCode;

/** Kept as a name for what a refusal's code can be: the errors table's codes and the browser's own. */
export type ApiErrorCode = ErrorCode;

/** A refusal from the BFF or the provider: the HTTP status, a message for a person and a code for a program. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: ApiErrorCode,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const MESSAGE_FIELDS = ['message', 'mensagem', 'mensagemRetorno'] as const;

/** The readable reason of an error body: `message`, `mensagem` or `mensagemRetorno`, also under `data`. */
export function messageOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  for (const field of MESSAGE_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return record.data ? messageOf(record.data) : undefined;
}

/**
 * A refusal as the screens read it. A code outside the errors table is dropped rather than typed as one the web
 * switches on; the body, kept whole, still has it.
 */
export function toApiError(status: number, body: unknown): ApiError {
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return new ApiError(
    status,
    messageOf(body) ?? commonMessages.generic.unexpected,
    isErrorCode(code) ? code : undefined,
    body,
  );
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
