// One typed contract per endpoint: route (routes.ts), path parameters, headers, query, body, the answer per status
// and the refusals it may give. The provider's handlers, the BFF's allowlist, the web's `api.*` and the OpenAPI file
// are all derived from this table; nothing pairs an endpoint with a schema anywhere else.
import { z } from 'zod';
import { auditSpecs } from './audit.ts';
import { bulkSpecs } from './bulk.ts';
import { cardPlatformSpecs } from './card-platform-contract.ts';
import { cardSearchSpecs } from './card-search.ts';
import type { ServerErrorCode } from './errors.ts';
import { exportSpecs } from './exports.ts';
import { uuid } from './fields.ts';
import { impactSpecs } from './impact.ts';
import type { Policy } from './policy.ts';
import { portalUserSpecs } from './portal-users-contract.ts';
import { profileSpecs } from './profiles-contract.ts';
import { radarSpecs } from './radar.ts';
import { type EndpointName, type EndpointRoute, endpointRoutes } from './routes.ts';
import * as s from './schemas.ts';
import { secondFactorSpecs } from './second-factor.ts';
import { spendSpecs } from './spend.ts';
import { spendingSpecs } from './spending-contract.ts';
import { virtualCardSpecs } from './virtual-cards.ts';

/** Path parameter names of a template: '/v1/cards/{uuid}' → 'uuid'. */
export type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N | ParamNames<Rest>
  : never;
export type PathParams<N extends EndpointName> = {
  [K in ParamNames<(typeof endpointRoutes)[N]['path']>]: string;
};

type Shape = z.ZodObject<z.ZodRawShape>;

export interface EndpointSpec {
  /** Endpoint headers besides the common ones, lower-case names. */
  headers?: Shape;
  query?: Shape;
  body?: z.ZodType;
  /** For a body that is a union: the member a raw body means, parsed in place of the union (its refusals name the field). */
  bodyOf?: (raw: unknown) => z.ZodType;
  /** The success status: 200 unless said. A 204 answers no body. */
  status?: 200 | 201 | 204;
  response: z.ZodType;
  /** What the browser receives when the BFF reshapes the answer (the login keeps its token in the BFF, decision 040). */
  browserResponse?: z.ZodType;
  /** A path parameter rule other than its pattern's (the user routes answer 404 rather than 400). */
  params?: Shape;
  /** The refusals the endpoint itself raises (validation, authentication and rate limits apply to all). */
  errors?: readonly ServerErrorCode[];
  /** Who may call it, on what, with what proof, what it reveals and records (policy.ts): required of every entry. */
  policy: Policy;
}

export interface Contract<N extends EndpointName = EndpointName> extends EndpointSpec, EndpointRoute {
  name: N;
  params: Shape;
  headerNames: readonly string[];
  queryNames: readonly string[];
}

/** What a path parameter may hold: no dots, slashes, percent signs or anything a path could be bent with. */
export const PARAM_PATTERNS: Record<string, string> = {
  uuid: '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}',
  documentNumber: '\\d{1,14}',
  numeroDocumento: '\\d{1,14}',
  cep: '\\d{8}',
};

const paramRules: Record<string, z.ZodType> = {
  uuid,
  documentNumber: z.string().regex(/^\d{1,14}$/),
  numeroDocumento: z.string().regex(/^\d{1,14}$/),
  cep: z.string().regex(/^\d{8}$/, 'O campo CEP é inválido.'),
};

function pathParamsOf(path: string): Shape {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  return z.object(
    Object.fromEntries(
      names.map((n) => {
        const rule = paramRules[n];
        if (!rule) throw new Error(`no rule for path parameter ${n}`);
        return [n, rule];
      }),
    ),
  );
}

const specs = {
  ...portalUserSpecs,
  ...cardPlatformSpecs,
  ...impactSpecs,
  ...radarSpecs,
  ...exportSpecs,
  ...bulkSpecs,
  ...auditSpecs,
  ...profileSpecs,
  ...secondFactorSpecs(s.sessionResponse),
  ...spendingSpecs,
  ...virtualCardSpecs,
  ...cardSearchSpecs,
  ...spendSpecs,
} as const satisfies Record<EndpointName, EndpointSpec>;

type Specs = typeof specs;

function defineEndpoint<N extends EndpointName>(name: N, spec: Specs[N]): Contract<N> & Specs[N] {
  const route: EndpointRoute = endpointRoutes[name];
  const own = spec as EndpointSpec;
  return {
    ...route,
    ...spec,
    name,
    params: own.params ?? pathParamsOf(route.path),
    headerNames: own.headers ? Object.keys(own.headers.shape) : [],
    queryNames: own.query ? Object.keys(own.query.shape) : [],
  } as unknown as Contract<N> & Specs[N];
}

export const contract = Object.fromEntries(
  (Object.keys(specs) as EndpointName[]).map((name) => [name, defineEndpoint(name, specs[name] as never)]),
) as { readonly [N in EndpointName]: Contract<N> & Specs[N] };

// The types every tier reads from the table.
type Field<N extends EndpointName, K extends string> = K extends keyof Specs[N] ? Specs[N][K] : undefined;
type InputOf<T> = T extends z.ZodType ? z.input<T> : never;
type OutputOf<T> = T extends z.ZodType ? z.output<T> : undefined;
type OptionalIfEmpty<K extends string, T> = [T] extends [never]
  ? unknown
  : Partial<T> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a caller sends: path parameters, headers, query and body, each only where the endpoint has one. */
export type RequestOf<N extends EndpointName> = OptionalIfEmpty<
  'params',
  keyof PathParams<N> extends never ? never : PathParams<N>
> &
  OptionalIfEmpty<'headers', InputOf<Field<N, 'headers'>>> &
  OptionalIfEmpty<'query', InputOf<Field<N, 'query'>>> &
  OptionalIfEmpty<'body', InputOf<Field<N, 'body'>>>;

/** What the provider answers on success. */
export type ResponseOf<N extends EndpointName> = OutputOf<Field<N, 'response'>>;
/** What the browser receives on success (the provider's answer, unless the BFF reshapes it). */
export type BrowserResponseOf<N extends EndpointName> =
  Field<N, 'browserResponse'> extends z.ZodType ? z.output<Field<N, 'browserResponse'>> : ResponseOf<N>;
/** What the provider's handler receives, parsed. */
export type ParsedOf<N extends EndpointName, K extends 'headers' | 'query' | 'body'> = OutputOf<Field<N, K>>;

export type { EndpointName };
