// Request validation with the catalogue's zod schemas. The reason on the wire is the field rule's own
// pt-BR message when it has one, otherwise zod's Portuguese wording, always naming the field.
import { locales, type ZodType, type z } from 'zod';
import { messages } from '../../contracts/messages.ts';
import { appError } from '../errors.ts';

const portuguese = locales.pt().localeError;

export function parseWith<S extends ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {}, { error: portuguese });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw appError('INVALID_INPUT');
  const field = issue.path.join('.');
  throw appError(
    'INVALID_INPUT',
    field ? `${messages.generic.invalidField} "${field}": ${issue.message}` : issue.message,
  );
}

/**
 * True when a string anywhere in `value` holds a NUL character. PostgreSQL text cannot store one and refuses the whole
 * statement, so such input is refused as invalid before any handler runs (found by src/security/fuzz.test.ts).
 */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  for (const key in value) {
    if (key.includes('\u0000') || containsNul((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}
