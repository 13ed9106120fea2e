// The holder form of the card request: its values, the defaults of spec section 9, the proposal payload built from
// it, and the checks of section 5, which are the payload schema's, worded as the spec words them in its order.
// The values are in form-values.ts, the payload in form-proposal.ts; this module re-exports both.
import { messages, proposalBody } from '../../../contracts/index.ts';
import { onlyDigits as digits } from '../../../contracts/text.ts';
import { type FieldErrors, type FieldMessages, type FormModel, firstOf, formErrors } from '../../lib/form-model.ts';
import { toProposal } from './form-proposal.ts';
import type { HolderForm } from './form-values.ts';

export { toProposal } from './form-proposal.ts';
export * from './form-values.ts';

const t = messages.proposal;
type Field = keyof HolderForm;
/** The spec's message for a wire field, shown on a form field; `blank` when an empty field has words of its own. */
const say = <F extends Field>(field: F, other: string, blank?: string): FieldMessages<F> => ({
  field,
  messages: blank ? { blank, other } : { other },
});

const model: FormModel<HolderForm, Field, typeof proposalBody> = {
  schema: proposalBody,
  // Product, relation and uuid are the screen's, added when sending. The address type stays as chosen: toProposal
  // sends a residential address for a type not chosen yet, which the wire would take.
  toWire: (f) => ({ ...toProposal(f, 1, '', ''), typeAddress: f.typeAddress }),
  fields: {
    documentNumber: say('cpf', t.invalidCpf, t.personalRequired),
    birthDate: say('birthDate', t.invalidBirthDate, t.personalRequired),
    clientName: say('clientName', t.invalidName, t.personalRequired),
    motherName: say('motherName', t.invalidMotherName, t.personalRequired),
    email: say('email', t.invalidEmail, t.personalRequired),
    embossName: say('embossName', t.personalRequired),
    typeAddress: say('typeAddress', t.personalRequired),
    dddCellPhone: say('dddCellPhone', t.personalRequired),
    cellPhone: say('cellPhone', t.personalRequired),
    dddHome: say('dddHome', t.personalRequired),
    phoneNumberHome: say('phoneHome', t.personalRequired),
    // The schema reports an incomplete address group on its street.
    addressHome: say('street', t.homeAddressRequired),
    zipCode: say('zipCode', t.homeAddressRequired),
    addressWork: say('street', t.workAddressRequired),
    zipCodeWork: say('zipCode', t.workAddressRequired),
    dayDue: say('dayDue', t.invalidDueDay),
    creditLimit: say('creditLimit', t.creditLimitRequired),
  },
  // The home phone is optional, but a number needs its DDD. The payload sends both or neither, and an empty DDD
  // beside a number is one the wire takes.
  formRules: (f) => (digits(f.phoneHome) !== '' && digits(f.dddHome) === '' ? { dddHome: t.personalRequired } : {}),
};

const ORDER = [
  t.personalRequired,
  t.homeAddressRequired,
  t.workAddressRequired,
  t.invalidCpf,
  t.invalidBirthDate,
  t.invalidName,
  t.invalidMotherName,
  t.invalidEmail,
  t.invalidDueDay,
  t.creditLimitRequired,
];

/** The first problem of the form as the spec words it, or null when the request may be sent. */
export const firstProblem = (f: HolderForm): string | null => firstOf(formErrors(model, f), ORDER);

/** The spec's messages that name a group, not a field: under a field they become what that field needs. */
const GROUP = new Set<string>([t.personalRequired, t.homeAddressRequired, t.workAddressRequired]);
const ADDRESS: readonly Field[] = ['zipCode', 'street', 'number', 'district', 'state', 'city'];

/**
 * Each invalid field's own message, shown under it (issue 27); the spec's message stays the form's summary. An
 * incomplete address group marks every empty field of it, not only the street the schema reports it on.
 */
export function fieldProblems(f: HolderForm): FieldErrors<Field> {
  const errors = formErrors(model, f);
  // Without a type the schema stops before the address rule; its fields are required all the same.
  const addressGroup = (errors.street !== undefined && GROUP.has(errors.street)) || f.typeAddress === '';
  if (addressGroup) delete errors.street;
  const out: FieldErrors<Field> = {};
  for (const [field, message] of Object.entries(errors) as [Field, string][]) {
    out[field] = GROUP.has(message) ? (String(f[field]).trim() === '' ? t.fieldRequired : t.fieldInvalid) : message;
  }
  if (addressGroup) for (const field of ADDRESS) if (String(f[field]).trim() === '') out[field] ??= t.fieldRequired;
  return out;
}
