// A refusal the BFF raises itself: an HTTP status, a pt-BR message for a person, a stable code for a program.
import { messages } from '../contracts/messages.ts';

export class BffError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'BffError';
  }

  toBody(): { message: string; code: string } {
    return { message: this.message, code: this.code };
  }
}

const m = messages.proxy;
export const refuse = {
  notAllowed: (code: string) => new BffError(400, code, m.notAllowed),
  envelope: (code = 'BAD_ENVELOPE') => new BffError(400, code, m.invalidEnvelope),
  unauthorized: (code = 'UNAUTHORIZED') => new BffError(401, code, m.unauthorized),
  replayed: () => new BffError(409, 'REPLAYED', m.replayed),
  stale: () => new BffError(400, 'STALE_REQUEST_ID', m.staleRequest),
  tooLarge: () => new BffError(413, 'BODY_TOO_LARGE', m.tooLarge),
  upstream: (code = 'UPSTREAM_UNAVAILABLE') => new BffError(502, code, m.upstream),
};
