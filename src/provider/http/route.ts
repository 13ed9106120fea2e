// Routes come from the endpoint catalogue: method and path are read there, never typed twice.
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { type Endpoint, type EndpointName, endpoints } from '../../contracts/endpoints.ts';
import type { Principal } from '../services/sessions.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    endpoint?: EndpointName;
    /** Reachable without a token (login, recovery). */
    public?: boolean;
    /** Reachable with the token of a user who still holds a temporary password. */
    allowTemporaryPassword?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** `/v1/cards/{uuid}` → `/v1/cards/:uuid` */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export function routeOf(
  name: EndpointName,
  handler: Handler,
  options: { allowTemporaryPassword?: boolean; rateLimit?: object } = {},
): RouteOptions {
  const endpoint: Endpoint = endpoints[name];
  return {
    method: endpoint.method,
    url: fastifyPath(endpoint.path),
    config: {
      endpoint: name,
      public: endpoint.public === true,
      allowTemporaryPassword: options.allowTemporaryPassword === true,
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    },
    handler,
  };
}

/** The signed-in user of a protected route; the auth hook guarantees it is there. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error(`no principal on protected route ${request.url}`);
  return request.principal;
}
