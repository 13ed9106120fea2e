// Per-address limit on sign-in and recovery (decision 068). The provider limits per login; a script trying many
// logins from one address is only seen here, where the client address is known. The BFF sees a sealed envelope,
// so the limit applies once it is opened and matched to the catalogue: other calls never touch the counter.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EndpointName } from '../../contracts/routes.ts';
import { bffError } from '../errors.ts';

/** Every call that checks a password or a code: a password change checks the current one (decision 074). */
const LIMITED: ReadonlySet<EndpointName> = new Set<EndpointName>([
  'login',
  'recoverPassword',
  'firstAccess',
  'changePassword',
]);

/**
 * A check for the proxy handler: counts a call to a limited endpoint against its address (in Redis when the
 * rate-limit plugin has one, shared by every BFF) and throws a 429 past `max` a minute. The reason is the one the
 * login and recovery screens show for any 429 (decision 042).
 */
export function signInLimit(app: FastifyInstance, max: number) {
  const count = app.createRateLimit({ max, timeWindow: 60_000, keyGenerator: (r) => `sign-in:${r.ip}` });
  const check = async (request: FastifyRequest) => {
    const counted = await count(request);
    if (!counted.isAllowed && counted.isExceeded) throw bffError('RATE_LIMITED');
  };
  // No promise for the other endpoints: the proxy's hot path awaits only when there is something to wait for.
  return (request: FastifyRequest, endpoint: EndpointName): Promise<void> | undefined =>
    LIMITED.has(endpoint) ? check(request) : undefined;
}
