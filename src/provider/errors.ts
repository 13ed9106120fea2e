// Expected failures: a status, a code programs can switch on, and the pt-BR reason the operator reads, all from the
// errors table (contracts/errors.ts): a refusal is raised by its code, never built by hand.
import { type DetailOf, refusal, type ServerErrorCode } from '../contracts/errors.ts';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ServerErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The refusal of the errors table for `code`, as an error to throw (or to give a cause first). */
export function appError<C extends ServerErrorCode>(code: C, ...detail: DetailOf<C>): AppError {
  const { status, message } = refusal(code, ...detail);
  return new AppError(status, code, message);
}

/** Refuses with the table's status and message for `code`. */
export function fail<C extends ServerErrorCode>(code: C, ...detail: DetailOf<C>): never {
  throw appError(code, ...detail);
}
