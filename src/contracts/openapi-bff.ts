// The BFF's own routes (src/bff/routes), for the browser: the shapes of docs/transport.md.
import { z } from 'zod';
import { Environment, FID } from './constants.ts';
import type { ServerErrorCode } from './errors.ts';
import {
  type Json,
  jsonContent,
  jsonSchema,
  parametersOf,
  refusalBody,
  refusalResponses,
  SUCCESS,
} from './openapi-schema.ts';

export const BFF_TAG = 'bff';
export const DEVICE_AUTH = 'deviceToken';

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

export function bffOperations(): Record<string, Json> {
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
