// A refusal the BFF raises itself: the status and pt-BR message of the errors table (contracts/errors.ts) for a
// person, its code for a program.
import { type DetailOf, refusal, type ServerErrorCode } from '../contracts/errors.ts';

export type BffErrorCode = ServerErrorCode;

export class BffError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: BffErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BffError';
  }

  toBody(): { message: string; code: string } {
    return { message: this.message, code: this.code };
  }
}

/** The refusal of the errors table for `code`, as an error to throw. */
export function bffError<C extends BffErrorCode>(code: C, ...detail: DetailOf<C>): BffError {
  const { status, message } = refusal(code, ...(detail as DetailOf<C>));
  return new BffError(status, code, message);
}

/** The envelope and proxy checks that answer "Requisição não permitida." (400). */
type NotAllowedCode =
  | 'BAD_CLIENT'
  | 'BAD_ENVIRONMENT'
  | 'BAD_URL'
  | 'WRONG_ENVIRONMENT'
  | 'HOST_NOT_ALLOWED'
  | 'ROUTE_NOT_ALLOWED'
  | 'QUERY_NOT_ALLOWED'
  | 'HEADER_NOT_ALLOWED'
  | 'BAD_HEADER_VALUE'
  | 'BODY_NOT_ALLOWED'
  | 'INVALID_BODY';

export const refuse = {
  notAllowed: (code: NotAllowedCode) => bffError(code),
  envelope: (code: 'BAD_ENVELOPE' | 'BAD_REQUEST_ID' = 'BAD_ENVELOPE') => bffError(code),
  unauthorized: (code: 'UNAUTHORIZED' | 'UNKNOWN_DEVICE' = 'UNAUTHORIZED') => bffError(code),
  replayed: () => bffError('REPLAYED'),
  stale: () => bffError('STALE_REQUEST_ID'),
  tooLarge: () => bffError('BODY_TOO_LARGE'),
  upstream: (code: 'UPSTREAM_UNAVAILABLE' | 'UPSTREAM_INVALID' | 'UPSTREAM_REDIRECT' = 'UPSTREAM_UNAVAILABLE') =>
    bffError(code),
};
