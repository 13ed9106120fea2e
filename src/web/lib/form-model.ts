// A form's checks are the wire schema's (contracts/schemas.ts): the form maps its values to the body it would send,
// the schema judges that body, and each refused wire field comes back as the spec's message on a form field.
// Only types come from zod here: the schema arrives with the feature that validates, so zod stays out of the entry.
import type { z } from 'zod';

/** A zod issue code, or 'blank': the schema refused a field the operator left empty (the spec's "required"). */
export type IssueCode = z.core.$ZodIssueCode | 'blank';

/** The spec's words for one wire field: by issue code, 'other' for any code not listed. */
export interface FieldMessages<F extends string> {
  field: F;
  messages: Partial<Record<IssueCode | 'other', string | ((issue: z.core.$ZodIssue) => string)>>;
}

/**
 * What a form holds before the schema judged it: the wire's keys and kinds, but any string where the wire wants one
 * of a few (a select not chosen yet is '').
 */
export type Candidate<W> = { [K in keyof W]: W[K] extends string ? string : W[K] };

export interface FormModel<Form, F extends string, S extends z.ZodType> {
  schema: S;
  toWire: (form: Form) => Candidate<z.input<S>>;
  /** Wire fields left out are the provider's to refuse: the form words only what the spec words. */
  fields: { [P in keyof z.input<S> & string]?: FieldMessages<F> };
  /** Rules the wire does not have (a confirmation, a pair of fields); a schema message on the field comes first. */
  formRules?: (form: Form) => FieldErrors<F>;
  /** Defaults to empty once trimmed; a password's spaces are characters. */
  isBlank?: (value: unknown) => boolean;
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

const trimmedEmpty = (value: unknown) => value == null || (typeof value === 'string' && value.trim() === '');

/** The first message per form field, or {} when the form may be sent. */
export function formErrors<Form extends Record<F, unknown>, F extends string, S extends z.ZodType>(
  model: FormModel<Form, F, S>,
  form: Form,
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  const result = model.schema.safeParse(model.toWire(form));
  const isBlank = model.isBlank ?? trimmedEmpty;
  for (const issue of result.error?.issues ?? []) {
    const rule: FieldMessages<F> | undefined = model.fields[issue.path[0] as keyof typeof model.fields];
    if (!rule || errors[rule.field] !== undefined) continue;
    const code: IssueCode = isBlank(form[rule.field]) && rule.messages.blank ? 'blank' : issue.code;
    const message = rule.messages[code] ?? rule.messages.other;
    if (message !== undefined) errors[rule.field] = typeof message === 'string' ? message : message(issue);
  }
  for (const [field, message] of Object.entries(model.formRules?.(form) ?? {}) as [F, string | undefined][]) {
    if (message && errors[field] === undefined) errors[field] = message;
  }
  return errors;
}

/** For a form with one alert: the message that comes first in the spec's order, or null. */
export function firstOf<F extends string>(errors: FieldErrors<F>, order: readonly string[]): string | null {
  const found: string[] = Object.values(errors);
  return order.find((message) => found.includes(message)) ?? found[0] ?? null;
}
