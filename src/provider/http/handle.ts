// A provider route from the contract: method, path, parsing of path, headers, query and body, the success status, the
// answer's serializer, and who may call it on what (the entry's policy) are all read from contract.ts. Every call is
// judged in one fixed order before its handler runs (issue 25): the input's own refusals (400), not the operator's or
// not there (404), a profile without the permission (403), the route's business refusals that need no write, a stale
// step-up (403 STEP_UP_REQUIRED). The handler receives the parsed input and the Scope; it never names a schema and
// never decides who may call it.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import {
  type Contract,
  contract,
  type EndpointName,
  type ParsedOf,
  type PathParams,
  type ResponseOf,
} from '../../contracts/contract.ts';
import type { ReadLog } from '../audit/reads.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { judgeCall, recordRead, shownTo } from './judge.ts';
import { fastifyPath } from './route.ts';
import type { CallInput } from './scope/locate.ts';
import type {
  CardRefScope,
  CardScope,
  CompaniesScope,
  CompanyScope,
  PublicScope,
  Scope,
  SelfScope,
  UserScope,
} from './scope/types.ts';
import { parseWith } from './validate.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The provider's database, for the scope step of every route (decorated in app.ts). */
    providerDb: Db;
    /** Where the sensitive reads go on the record (decorated in app.ts). */
    providerReads: ReadLog;
  }
}

type ScopeFor<S> = S extends { kind: 'public' }
  ? PublicScope
  : S extends { kind: 'self' }
    ? SelfScope
    : S extends { kind: 'company' }
      ? CompanyScope
      : S extends { kind: 'companies' }
        ? CompanyScope | CompaniesScope
        : S extends { kind: 'card'; rows: 'ids' }
          ? CardRefScope
          : S extends { kind: 'card' }
            ? CardScope
            : S extends { kind: 'user' }
              ? UserScope
              : S extends { kind: 'export' }
                ? CompanyScope | CardScope
                : never;

/** The Scope a handler of `N` receives, from the kind its policy declares. */
export type ScopeOf<N extends EndpointName> = ScopeFor<(typeof contract)[N]['policy']['scope']>;

export interface HandlerInput<N extends EndpointName> {
  params: PathParams<N>;
  headers: ParsedOf<N, 'headers'>;
  query: ParsedOf<N, 'query'>;
  body: ParsedOf<N, 'body'>;
  /** Who calls and what the call acts on, found and judged by the scope step. */
  scope: ScopeOf<N>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler answers the contract's response, or the reply it has already sent (a refusal in another shape). */
export type Handler<N extends EndpointName> = (input: HandlerInput<N>) => Promise<ResponseOf<N> | FastifyReply>;

export interface HandleOptions<N extends EndpointName = EndpointName> {
  rateLimit?: object;
  /** Runs on the raw request before the contract parses it: a path value whose own refusal must win over the body's. */
  checkFirst?: (request: FastifyRequest) => void;
  /**
   * The call's business refusals that need no write (deleting an active user, deleting oneself, blocking a card
   * already blocked for good): judged after the scope and before the step-up, so nobody confirms who they are for a
   * call that would be refused anyway. The service judges them again under its locks.
   */
  refuse?: (input: HandlerInput<N>) => void | Promise<void>;
  /** Refusals of this route (below 500) also carry their reason as `mensagemRetorno`, the field the portal reads. */
  mensagemRetorno?: boolean;
}

/**
 * Tests parse every answer with its response schema before it is serialized, so an answer that drifts from the
 * contract fails the test that produced it rather than being trimmed silently by the serializer.
 */
const checkResponses = process.env.VITEST === 'true' || process.env.CHECK_RESPONSES === '1';

/** The JSON Schema Fastify compiles the answer's serializer from (draft 7, which fast-json-stringify reads). */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return json;
}

/** The route config the auth hook reads, from the endpoint's policy. */
export function routeConfigOf(name: EndpointName) {
  const c = contract[name] as Contract;
  const session = c.policy.session ?? {};
  return {
    endpoint: name,
    public: c.policy.scope.kind === 'public',
    allowTemporaryPassword: session.temporaryPassword === true,
    allowPendingFactor: session.pendingFactor === true,
  };
}

export function routeFor<N extends EndpointName>(
  name: N,
  handler: Handler<N>,
  options: HandleOptions<N> = {},
): RouteOptions {
  const c = contract[name] as Contract<N>;
  const status = c.status ?? 200;
  const response = status === 204 ? undefined : { [status]: responseJsonSchema(c.response) };
  return {
    method: c.method,
    url: fastifyPath(c.path),
    config: { ...routeConfigOf(name), ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) },
    ...(response ? { schema: { response } } : {}),
    handler: async (request, reply) => {
      try {
        return await answer(request, reply);
      } catch (err) {
        if (!options.mensagemRetorno || !(err instanceof AppError) || err.status >= 500) throw err;
        return reply.code(err.status).send({ message: err.message, code: err.code, mensagemRetorno: err.message });
      }
    },
  };

  async function answer(request: FastifyRequest, reply: FastifyReply) {
    options.checkFirst?.(request);
    const parsed = {
      params: parseWith(c.params, request.params) as PathParams<N>,
      headers: (c.headers ? parseWith(c.headers, request.headers) : undefined) as ParsedOf<N, 'headers'>,
      query: (c.query ? parseWith(c.query, request.query) : undefined) as ParsedOf<N, 'query'>,
      body: (c.body ? parseWith(c.bodyOf?.(request.body) ?? c.body, request.body) : undefined) as ParsedOf<N, 'body'>,
    };
    const call = (scope: Scope): HandlerInput<N> => ({ ...parsed, scope: scope as ScopeOf<N>, request, reply });
    const refuse = options.refuse;
    const { scope, policy } = await judgeCall(
      request.server.providerDb,
      c.policy,
      request,
      {
        params: parsed.params,
        headers: (parsed.headers ?? {}) as CallInput['headers'],
        query: (parsed.query ?? {}) as CallInput['query'],
        body: parsed.body,
      },
      refuse && ((found) => refuse(call(found))),
    );
    const answered = await handler(call(scope));
    if (answered === reply || reply.sent) return reply;
    await recordRead(request, c.method, policy, scope);
    if (status === 204) return reply.code(204).send();
    const result = shownTo(policy, scope, answered);
    if (checkResponses) {
      const checked = c.response.safeParse(result);
      if (!checked.success) {
        throw new Error(`answer of ${name} breaks its contract: ${z.prettifyError(checked.error)}`);
      }
    }
    return reply.code(status).send(result);
  }
}

/** Registers the contract's route for `name` with its handler. */
export function handle<N extends EndpointName>(
  app: FastifyInstance,
  name: N,
  handler: Handler<N>,
  options?: HandleOptions<N>,
): void {
  app.route(routeFor(name, handler, options));
}
