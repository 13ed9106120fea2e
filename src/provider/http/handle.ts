// A provider route from the contract: method, path, parsing of path, headers, query and body, the success status and
// the answer's serializer (fast-json-stringify, through Fastify's own compiler, from the answer's JSON Schema) are
// all read from contract.ts. A handler receives parsed input and returns the answer; it never names a schema.
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
import { maskAddressFields } from '../../contracts/masked-address.ts';
import { maskCpfFields } from '../../contracts/masked-cpf.ts';
import { ENDPOINT_PERMISSIONS } from '../../contracts/profiles.ts';
import { STEP_UP_ENDPOINTS } from '../../contracts/second-factor.ts';
import { AppError, fail } from '../errors.ts';
import { profileInScope, stepUpUnjudged, withPermission } from '../services/profiles.ts';
import type { Principal } from '../services/sessions.ts';
import { fastifyPath } from './route.ts';
import { parseWith } from './validate.ts';

export interface HandlerInput<N extends EndpointName> {
  params: PathParams<N>;
  headers: ParsedOf<N, 'headers'>;
  query: ParsedOf<N, 'query'>;
  body: ParsedOf<N, 'body'>;
  /** The signed-in user; reading it on a public route is a programming error. */
  readonly principal: Principal;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler answers the contract's response, or the reply it has already sent (a refusal in another shape). */
export type Handler<N extends EndpointName> = (input: HandlerInput<N>) => Promise<ResponseOf<N> | FastifyReply>;

export interface HandleOptions {
  allowTemporaryPassword?: boolean;
  /** A session that still waits for its second factor may call it (decision 091). */
  allowPendingFactor?: boolean;
  rateLimit?: object;
  /** Runs on the raw request before the contract parses it: a path value whose own refusal must win over the body's. */
  checkFirst?: (request: FastifyRequest) => void;
  /** Refusals of this route (below 500) also carry their reason as `mensagemRetorno`, the field the portal reads. */
  mensagemRetorno?: boolean;
}

/**
 * Tests parse every answer with its response schema before it is serialized, so an answer that drifts from the
 * contract fails the test that produced it rather than being trimmed silently by the serializer.
 */
const checkResponses = process.env.VITEST === 'true' || process.env.CHECK_RESPONSES === '1';

/**
 * The calls refused with STEP_UP_REQUIRED when the session's last proof of identity is older than the window
 * (decision 091): once their chokepoint has found the operator allowed to make them, before anything is written
 * (decision 095). updateUser asks only when the edit changes a profile, which only its service can tell
 * (services/users.ts).
 */
const STEP_UP_ALWAYS: ReadonlySet<EndpointName> = new Set([...STEP_UP_ENDPOINTS].filter((n) => n !== 'updateUser'));

/** The answers that carry a full CPF or address to every profile: the audited "mostrar"s (decisions 090, 093). */
const UNMASKED: ReadonlySet<EndpointName> = new Set(['revealCpf', 'revealAddress']);

/** A Consulta operator's answer: every holder CPF and every holder address masked (decisions 090, 093). */
const masked = <T>(answer: T): T => maskAddressFields(maskCpfFields(answer));

/** The JSON Schema Fastify compiles the answer's serializer from (draft 7, which fast-json-stringify reads). */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return json;
}

function principalGetter(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error(`no principal on protected route ${request.url}`);
  return request.principal;
}

export function routeFor<N extends EndpointName>(
  name: N,
  handler: Handler<N>,
  options: HandleOptions = {},
): RouteOptions {
  const c = contract[name] as Contract<N>;
  const status = c.status ?? 200;
  const response = status === 204 ? undefined : { [status]: responseJsonSchema(c.response) };
  return {
    method: c.method,
    url: fastifyPath(c.path),
    config: {
      endpoint: name,
      public: c.public === true,
      allowTemporaryPassword: options.allowTemporaryPassword === true,
      allowPendingFactor: options.allowPendingFactor === true,
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    },
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
    const permission = ENDPOINT_PERMISSIONS[name];
    const stepUpDue = STEP_UP_ALWAYS.has(name) && request.principal?.stepUpDue === true;
    // A harmful call on the operator's own account names no permission: nothing else to judge first. The others
    // are judged by their chokepoint, after the company and the profile (decision 095).
    if (stepUpDue && permission === null) fail('STEP_UP_REQUIRED');
    options.checkFirst?.(request);
    const input = {
      params: parseWith(c.params, request.params) as PathParams<N>,
      headers: (c.headers ? parseWith(c.headers, request.headers) : undefined) as ParsedOf<N, 'headers'>,
      query: (c.query ? parseWith(c.query, request.query) : undefined) as ParsedOf<N, 'query'>,
      body: (c.body ? parseWith(c.bodyOf?.(request.body) ?? c.body, request.body) : undefined) as ParsedOf<N, 'body'>,
      get principal() {
        return principalGetter(request);
      },
      request,
      reply,
    };
    // Profiles (issue 16): the endpoint's permission, judged by the chokepoints in the company the call acts on.
    // A Consulta operator's answer carries every CPF and holder address masked (decisions 090, 093), decided here so
    // neither reaches that browser whole; revealCpf and revealAddress are the answers that do, audited.
    const result = await withPermission(
      permission,
      async () => {
        const answered = await handler(input);
        if (checkResponses && stepUpUnjudged()) {
          throw new Error(`${name} owed a step-up and answered without reaching a chokepoint that asks it`);
        }
        if (answered === reply || reply.sent || UNMASKED.has(name)) return answered;
        return profileInScope() === 'CONSULTA' ? masked(answered) : answered;
      },
      stepUpDue,
    );
    if (result === reply || reply.sent) return reply;
    if (status === 204) return reply.code(204).send();
    if (checkResponses) {
      const parsed = c.response.safeParse(result);
      if (!parsed.success) {
        throw new Error(`answer of ${name} breaks its contract: ${z.prettifyError(parsed.error)}`);
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
  options?: HandleOptions,
): void {
  app.route(routeFor(name, handler, options));
}
