// Request validation with the catalogue's zod schemas. The reason on the wire is the field rule's own
// pt-BR message when it has one, otherwise zod's Portuguese wording, always naming the field.
import { locales, type ZodType, type z } from 'zod';
import { messages } from '../../contracts/messages.ts';
import { invalidInput } from '../errors.ts';

const portuguese = locales.pt().localeError;

export function parseWith<S extends ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {}, { error: portuguese });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw invalidInput();
  const field = issue.path.join('.');
  throw invalidInput(field ? `${messages.generic.invalidField} "${field}": ${issue.message}` : issue.message);
}
