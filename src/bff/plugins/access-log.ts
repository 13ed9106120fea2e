// The BFF's access line (src/platform/access-log.ts) carries the request's outcome: one line per request instead of
// Fastify's two plus one of the BFF's own, a third of the logging on the hot path (decision 33).

import fp from 'fastify-plugin';
import { OneLineAccessLog } from '../../platform/access-log.ts';

/** What a request's access line adds: the refusal's code, or the endpoint forwarded and the provider's status. */
export type Outcome = { code: string } | { endpoint: string; upstreamStatus: number };

declare module 'fastify' {
  interface FastifyRequest {
    outcome: Outcome | null;
  }
}

/** The BFF's access line: what the request came to, as the error handler and /proxy recorded it. */
export const accessLogController = () => new OneLineAccessLog((request) => request.outcome);

/** Declares `request.outcome` for every route: the error handler and /proxy fill it in, the access line reads it. */
export const accessLog = fp(
  async (app) => {
    app.decorateRequest('outcome', null);
  },
  { name: 'bff-access-log' },
);
