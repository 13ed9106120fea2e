// The OpenAPI document's building blocks: zod schemas as JSON Schema, parameters from object schemas, and the
// refusals of a route grouped by status with the errors table's reasons.
import { z } from 'zod';
import { errors, type ServerErrorCode } from './errors.ts';

export type Json = Record<string, unknown>;
type Io = 'input' | 'output';

const JSON_TYPE = 'application/json';
export const SUCCESS: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No Content' };

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect); a transform's output is left open. */
export function jsonSchema(schema: z.ZodType, io: Io): Json {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  return json;
}

/** One parameter per property of an object schema (path, header or query). */
export function parametersOf(
  shape: z.ZodType | undefined,
  where: 'path' | 'header' | 'query',
  names: string[] = [],
): Json[] {
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
export function refusalBody(codes: readonly string[], codeRequired = true): Json {
  return {
    type: 'object',
    properties: { message: { type: 'string' }, code: { type: 'string', enum: codes } },
    required: codeRequired ? ['message', 'code'] : ['message'],
  };
}

/** One response per status, listing its codes and their reasons; `shape` gives the body of each status. */
export function refusalResponses(
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

export const jsonContent = (schema: Json) => ({ content: { [JSON_TYPE]: { schema } } });
export const withParameters = (parameters: Json[]) => (parameters.length > 0 ? { parameters } : {});
