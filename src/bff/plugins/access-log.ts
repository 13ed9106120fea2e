// One access line per request, with its outcome, instead of Fastify's two ("incoming request", "request
// completed") plus one of the BFF's own: a third of the logging on the hot path (decision 33).
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import fp from 'fastify-plugin';

/** What a request's access line adds: the refusal's code, or the endpoint forwarded and the provider's status. */
export type Outcome = { code: string } | { endpoint: string; upstreamStatus: number };

declare module 'fastify' {
  interface FastifyRequest {
    outcome: Outcome | null;
  }
}

export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log.info(
      { req: request, res: reply, responseTime: reply.elapsedTime, ...request.outcome },
      'request completed',
    );
  }
}

/** Declares `request.outcome` for every route: the error handler and /proxy fill it in, AccessLog reads it. */
export const accessLog = fp(
  async (app) => {
    app.decorateRequest('outcome', null);
  },
  { name: 'bff-access-log' },
);
