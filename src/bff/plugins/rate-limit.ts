// Per-address request limits: per route through each route's `config.rateLimit`, and `app.limitSignIn` for the
// sign-in endpoints /proxy carries (sign-in-limit.ts).
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { messages } from '../../contracts/messages.ts';
import type { EndpointName } from '../../contracts/routes.ts';
import { bffError } from '../errors.ts';
import { RATE_LIMIT_NAMESPACE } from '../replay-redis.ts';
import { signInLimit } from './sign-in-limit.ts';

declare module 'fastify' {
  interface FastifyInstance {
    limitSignIn(request: FastifyRequest, endpoint: EndpointName): Promise<void> | undefined;
  }
}

export const rateLimits = fp(
  async (app, opts: { redis: Redis | undefined; signInPerMinute: number }) => {
    await app.register(rateLimit, {
      global: false,
      // Shared counters across instances. Fail open on a Redis error: the limit only sheds load, and /devices and
      // /proxy are refused (503) by the replay guard, which fails closed, while Redis is down (docs/operations.md).
      ...(opts.redis ? { redis: opts.redis, nameSpace: RATE_LIMIT_NAMESPACE, skipOnError: true } : {}),
      // A route's per-minute limit names requests ("Muitas requisições"), the sign-in limit tries.
      errorResponseBuilder: () => bffError('RATE_LIMITED', messages.proxy.tooMany),
      // The counters go out with a refusal (429, with Retry-After) only: the SPA never reads them on a success, and
      // three more headers on every call are the hot path's cost (decision 097).
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    });
    app.decorate('limitSignIn', signInLimit(app, opts.signInPerMinute));
  },
  { name: 'bff-rate-limit' },
);
