// The OpenAPI 3.1 description of the provider's API and of the BFF's own routes, read from contract.ts and the errors
// table, so it cannot drift from what the tiers enforce. docs/openapi.json is its output (`npm run openapi`, checked
// by openapi.test.ts) and the demo's BFF serves it at /docs. Prose stays short: the schemas and codes say the rest.
import { z } from 'zod';
import packageJson from '../../package.json' with { type: 'json' };
import { Environment, FID } from './constants.ts';
import { type Contract, contract } from './contract.ts';
import { errors, type ServerErrorCode } from './errors.ts';
import { PROVIDER_HOSTS } from './routes.ts';

type Json = Record<string, unknown>;
type Io = 'input' | 'output';

const JSON_TYPE = 'application/json';
const SUCCESS: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No Content' };
const PROVIDER_TAG = 'provider';
const BFF_TAG = 'bff';
const PROVIDER_AUTH = 'providerToken';
const DEVICE_AUTH = 'deviceToken';

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect); a transform's output is left open. */
export function jsonSchema(schema: z.ZodType, io: Io): Json {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  return json;
}

/** One parameter per property of an object schema (path, header or query). */
function parametersOf(shape: z.ZodType | undefined, where: 'path' | 'header' | 'query', names: string[] = []): Json[] {
  if (!shape) return [];
  const json = jsonSchema(shape, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, schema], i) => ({
    name: names[i] ?? name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema,
  }));
}

const MARK = '\u0000';
/** A code's reason as the table words it; a reason that names a value shows where the value goes. */
function reasonOf(code: ServerErrorCode): string {
  const message = errors[code].message as string | ((detail?: string) => string);
  if (typeof message === 'string') return message;
  const marked = message(MARK);
  // A reason that is only its detail (INVALID_INPUT, FORBIDDEN) has a default wording of its own.
  return marked === MARK ? message() : marked.replace(MARK, '…');
}

/** The refusal body {message, code}; an unexpected error of the BFF says no code (plugins/errors.ts). */
function refusalBody(codes: readonly string[], codeRequired = true): Json {
  return {
    type: 'object',
    properties: { message: { type: 'string' }, code: { type: 'string', enum: codes } },
    required: codeRequired ? ['message', 'code'] : ['message'],
  };
}

/** One response per status, listing its codes and their reasons; `shape` gives the body of each status. */
function refusalResponses(
  codes: readonly ServerErrorCode[],
  shape: (status: number, codes: ServerErrorCode[]) => Json = (_, list) => refusalBody(list),
): Record<string, Json> {
  const byStatus = new Map<number, ServerErrorCode[]>();
  for (const code of new Set(codes)) {
    const { status } = errors[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        String(status),
        {
          description: list.map((code) => `- \`${code}\`: ${reasonOf(code)}`).join('\n'),
          content: { [JSON_TYPE]: { schema: shape(status, list) } },
        },
      ]),
  );
}

const jsonContent = (schema: Json) => ({ content: { [JSON_TYPE]: { schema } } });
const withParameters = (parameters: Json[]) => (parameters.length > 0 ? { parameters } : {});

/** The refusals every provider route may give besides its own: validation, authentication, the unexpected. */
function commonRefusals(c: Contract): ServerErrorCode[] {
  return [
    'INVALID_INPUT',
    ...(c.body ? (['INVALID_JSON'] as const) : []),
    ...(c.public ? [] : (['UNAUTHENTICATED'] as const)),
    'UNEXPECTED',
  ];
}

/**
 * OpenAPI names a path by its shape: '/usuario/{documentNumber}' and '/usuario/{numeroDocumento}' are one path, so the
 * second keeps the first one's parameter names (a path parameter's name never travels on the wire).
 */
function pathNamer() {
  const seen = new Map<string, string>();
  return (path: string): { path: string; names: string[] } => {
    const shape = path.replace(/\{\w+\}/g, '{}');
    const first = seen.get(shape) ?? path;
    seen.set(shape, first);
    return { path: first, names: [...first.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string) };
  };
}

function providerOperation(c: Contract, names: string[]): Json {
  const status = c.status ?? 200;
  const success = status === 204 ? {} : jsonContent(jsonSchema(c.response, 'output'));
  return {
    operationId: c.name,
    tags: [PROVIDER_TAG],
    ...withParameters([
      ...parametersOf(c.params, 'path', names),
      ...parametersOf(c.headers, 'header'),
      ...parametersOf(c.query, 'query'),
    ]),
    ...(c.body ? { requestBody: { required: true, ...jsonContent(jsonSchema(c.body, 'input')) } } : {}),
    responses: {
      [status]: { description: SUCCESS[status], ...success },
      ...refusalResponses([...(c.errors ?? []), ...commonRefusals(c)]),
    },
    ...(c.public ? {} : { security: [{ [PROVIDER_AUTH]: [] }] }),
    ...(c.browserResponse ? { 'x-browser-response': jsonSchema(c.browserResponse, 'output') } : {}),
  };
}

// The BFF's own routes (src/bff/routes), for the browser: the shapes of docs/transport.md.
const hex = z.string().regex(/^[0-9a-f]+$/i);
const sealed = z.object({ payload: hex });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const clientHeaders = z.object({
  'x-fid': z.literal(FID),
  'x-device-id': z.string().regex(UUID),
  'x-request-id': z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
});
const ENVELOPE_REFUSALS = [
  'BAD_CLIENT',
  'BAD_REQUEST_ID',
  'STALE_REQUEST_ID',
  'BAD_ENVELOPE',
  'REPLAYED',
  'BODY_TOO_LARGE',
  'BAD_REQUEST',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'BUSY',
  'UNEXPECTED',
] as const satisfies readonly ServerErrorCode[];
const PROXY_REFUSALS = [
  'BAD_ENVIRONMENT',
  'UNAUTHORIZED',
  'UNKNOWN_DEVICE',
  'BAD_URL',
  'WRONG_ENVIRONMENT',
  'HOST_NOT_ALLOWED',
  'ROUTE_NOT_ALLOWED',
  'QUERY_NOT_ALLOWED',
  'HEADER_NOT_ALLOWED',
  'BAD_HEADER_VALUE',
  'BODY_NOT_ALLOWED',
  'INVALID_BODY',
  'UPSTREAM_UNAVAILABLE',
  'UPSTREAM_INVALID',
  'UPSTREAM_REDIRECT',
] as const satisfies readonly ServerErrorCode[];

const PROVIDER_ANSWER = 'A resposta do provedor, com o status dele, selada.';

/** A refusal of the BFF: plain before the device is known, sealed once it is (its 500 names no code). */
const bffRefusal = (status: number, codes: ServerErrorCode[]): Json => ({
  oneOf: [refusalBody(codes, status !== 500), jsonSchema(sealed, 'output')],
});

function bffOperations(): Record<string, Json> {
  const bff = (operationId: string, operation: Json) => ({ operationId, tags: [BFF_TAG], ...operation });
  const ok = (schema: z.ZodType) => ({ description: SUCCESS[200], ...jsonContent(jsonSchema(schema, 'output')) });
  return {
    '/keys': {
      get: bff('bffKeys', {
        responses: {
          200: ok(z.object({ publicKey: z.string(), algorithm: z.literal('RSA-OAEP-256'), keySize: z.number().int() })),
        },
      }),
    },
    '/devices': {
      post: bff('bffDevices', {
        parameters: parametersOf(clientHeaders, 'header'),
        requestBody: {
          required: true,
          ...jsonContent(jsonSchema(z.strictObject({ key: z.string(), payload: hex }), 'input')),
        },
        responses: {
          200: ok(sealed),
          ...refusalResponses([...ENVELOPE_REFUSALS, 'INVALID_DEVICE', 'BAD_DEVICE_ID'], bffRefusal),
        },
      }),
    },
    '/proxy': {
      post: bff('bffProxy', {
        parameters: parametersOf(clientHeaders.extend({ 'x-env': z.enum(Environment) }), 'header'),
        requestBody: { required: true, ...jsonContent(jsonSchema(z.strictObject({ payload: hex }), 'input')) },
        responses: {
          // The provider's status and answer, sealed: its refusals keep their own status and code inside.
          200: ok(sealed),
          ...refusalResponses([...ENVELOPE_REFUSALS, ...PROXY_REFUSALS], bffRefusal),
          default: { description: PROVIDER_ANSWER, ...jsonContent(jsonSchema(sealed, 'output')) },
        },
        security: [{ [DEVICE_AUTH]: [] }],
      }),
    },
    '/health': {
      get: bff('bffHealth', {
        responses: {
          200: ok(z.object({ status: z.literal('ok') })),
          503: {
            description: 'Service Unavailable',
            ...jsonContent(jsonSchema(z.object({ status: z.literal('unavailable') }), 'output')),
          },
        },
      }),
    },
  };
}

/** The document: the provider's endpoints in contract order, then the BFF's routes on the portal's own origin. */
export function openApiDocument(): Json {
  const paths: Record<string, Json> = {};
  const named = pathNamer();
  for (const c of Object.values(contract) as Contract[]) {
    const { path, names } = named(c.path);
    paths[path] = { ...paths[path], [c.method.toLowerCase()]: providerOperation(c, names) };
  }
  const bffServers = [{ url: '/', description: 'BFF' }];
  for (const [path, item] of Object.entries(bffOperations())) paths[path] = { servers: bffServers, ...item };
  return {
    openapi: '3.1.1',
    info: { title: 'fidis', version: packageJson.version, description: packageJson.description },
    servers: Object.entries(PROVIDER_HOSTS).flatMap(([env, urls]) => urls.map((url) => ({ url, description: env }))),
    tags: [{ name: PROVIDER_TAG }, { name: BFF_TAG }],
    paths,
    components: {
      securitySchemes: {
        [PROVIDER_AUTH]: { type: 'http', scheme: 'bearer' },
        [DEVICE_AUTH]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
    },
  };
}

/** The file's text: 2-space indent and a final newline, keys in the order the document builds them. */
export const openApiText = (document: Json = openApiDocument()): string => `${JSON.stringify(document, null, 2)}\n`;
