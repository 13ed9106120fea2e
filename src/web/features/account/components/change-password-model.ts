// The password change form's model (decision 074): the body of PUT /v0/portal/usuario/senha judged by its wire
// schema, each field's message beside it, and the two comparisons the wire leaves to the provider.
import { changePasswordBody, messages } from '../../../../contracts/index.ts';
import { type FieldErrors, type FormModel, formErrors } from '../../../lib/form-model.ts';

const m = messages.passwordChange;

export const FIELDS = ['senhaAtual', 'novaSenha', 'confirmarNovaSenha'] as const;
export type Field = (typeof FIELDS)[number];
export type Values = Record<Field, string>;

/** The wire compares nothing: the provider refuses a new password equal to the current one, or not confirmed. */
function comparisons(v: Values): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  // Compared as the server hashes them, so a look-alike character does not pass for a new password.
  if (v.novaSenha.normalize('NFKC') === v.senhaAtual.normalize('NFKC')) errors.novaSenha = m.samePassword;
  if (v.novaSenha && v.confirmarNovaSenha !== v.novaSenha)
    errors.confirmarNovaSenha = messages.recovery.passwordsDiffer;
  return errors;
}

const model: FormModel<Values, Field, typeof changePasswordBody> = {
  schema: changePasswordBody,
  toWire: (v) => v,
  fields: {
    senhaAtual: { field: 'senhaAtual', messages: { blank: m.currentRequired } },
    // The password rule words its own refusals (contracts/fields.ts), as the provider's answer would.
    novaSenha: { field: 'novaSenha', messages: { blank: m.newRequired, other: (issue) => issue.message } },
    confirmarNovaSenha: { field: 'confirmarNovaSenha', messages: { blank: m.confirmRequired } },
  },
  formRules: comparisons,
  // A password's spaces are characters: only an empty field is missing.
  isBlank: (value) => value === '',
};

/** Each field's first problem, checked in the browser with the rule the provider applies. */
export const changePasswordErrors = (v: Values): FieldErrors<Field> => formErrors(model, v);
