// Expected failures: a status, a code programs can switch on, and the pt-BR reason the operator reads.
import { messages } from '../contracts/messages.ts';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', messages.generic.unauthenticated);
export const forbidden = (message: string = messages.generic.forbidden) => new AppError(403, 'FORBIDDEN', message);
export const invalidInput = (message: string = messages.generic.invalidInput) =>
  new AppError(400, 'INVALID_INPUT', message);
