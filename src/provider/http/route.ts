// What every provider route carries in its config, and the path template in Fastify's syntax (handle.ts).
import type { NetworkEndpointName } from '../../contracts/network.ts';
import type { EndpointName } from '../../contracts/routes.ts';
import type { Principal } from '../services/sessions.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's endpoint, or the card network's (network.ts), apart from the portal's. */
    endpoint?: EndpointName | NetworkEndpointName;
    /** Reachable without a token (login, recovery). */
    public?: boolean;
    /** Reachable with the token of a user who still holds a temporary password. */
    allowTemporaryPassword?: boolean;
    /** Reachable by a session whose second factor is still due (the factor's own calls, the session, sign-out). */
    allowPendingFactor?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** `/v1/cards/{uuid}` → `/v1/cards/:uuid` */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
