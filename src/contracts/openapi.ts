// The OpenAPI 3.1 description of the provider's API and of the BFF's own routes, read from contract.ts and the errors
// table, so it cannot drift from what the tiers enforce. docs/openapi.json is its output (`npm run openapi`, checked
// by openapi.test.ts) and the demo's BFF serves it at /docs. Prose stays short: the schemas and codes say the rest.
import packageJson from '../../package.json' with { type: 'json' };
import { type Contract, contract } from './contract.ts';
import type { ServerErrorCode } from './errors.ts';
import { BFF_TAG, bffOperations, DEVICE_AUTH } from './openapi-bff.ts';
import {
  type Json,
  jsonContent,
  jsonSchema,
  parametersOf,
  refusalResponses,
  SUCCESS,
  withParameters,
} from './openapi-schema.ts';
import { PROVIDER_HOSTS } from './routes.ts';

export { jsonSchema } from './openapi-schema.ts';

const PROVIDER_TAG = 'provider';
const PROVIDER_AUTH = 'providerToken';

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
