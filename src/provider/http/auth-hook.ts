// The one gate in front of every non-public route: a bearer token naming a live session. A session still waiting for
// its second factor reaches only the routes that let it finish (decision 091).
import type { FastifyRequest } from 'fastify';
import { messages } from '../../contracts/messages.ts';
import type { Db } from '../db/client.ts';
import { fail } from '../errors.ts';
import type { SessionCache } from '../services/session-cache.ts';
import { touchSession } from '../services/sessions.ts';
import type { TokenService } from '../services/tokens.ts';

const BEARER = /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]+)$/i;

export function authHook(deps: {
  db: Db;
  tokens: TokenService;
  clock: () => Date;
  stepUpMaxAgeMs: number;
  sessions: SessionCache;
}) {
  return async (request: FastifyRequest) => {
    const config = request.routeOptions.config;
    if (config.public) return;
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const claims = token ? await deps.tokens.verify(token) : null;
    if (!claims) fail('UNAUTHENTICATED');
    const principal = await touchSession(
      deps.db,
      claims.sessionId,
      claims.userId,
      deps.clock(),
      deps.stepUpMaxAgeMs,
      deps.sessions,
    );
    if (!principal) fail('UNAUTHENTICATED');
    if (principal.mustChangePassword && !config.allowTemporaryPassword) {
      fail('FORBIDDEN', messages.firstAccess.required);
    }
    if (principal.factorPending && !config.allowPendingFactor) fail('SECOND_FACTOR_PENDING');
    request.principal = principal;
  };
}
