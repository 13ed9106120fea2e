// The user forms' models (spec section 5, create and edit user): the bodies of POST /v0/portal/usuario and
// PATCH /v0/portal/usuario/{documentNumber}, judged by their wire schemas, with the spec's messages in its order.
import {
  type CreateUserBody,
  cpf,
  createUserBody,
  messages,
  onlyDigits,
  type UpdateUserBody,
  type UserStatus,
  updateUserBody,
} from '../../../../contracts/index.ts';
import { PROFILES as PROFILE_NAMES } from '../../../../contracts/profiles.ts';
import { type FieldMessages, type FormModel, firstOf, formErrors } from '../../../lib/form-model.ts';
import { PROFILES } from './save-plan.ts';

const m = messages.users;

export interface CreateUserValues {
  document: string;
  login: string;
  name: string;
  email: string;
  ddi: string;
  ddd: string;
  mobile: string;
  /** Issue 16: one of PROFILES, or '' before a choice. */
  profile: string;
}

export interface EditUserValues {
  nomeUsuario: string;
  email: string;
  ddi: string;
  ddd: string;
  mobile: string;
  status: UserStatus;
  /** Issue 16: one of PROFILES; '' for a user the list shows without one. */
  profile: string;
}

export const EMPTY_CREATE: CreateUserValues = {
  document: '',
  login: '',
  name: '',
  email: '',
  ddi: '',
  ddd: '',
  mobile: '',
  // Issue 16: the least the operator can grant, sent as the spec's ['']; raising it is a deliberate choice.
  profile: 'CONSULTA',
};

/** An empty field holds no number (not 0), so the wire's number refuses it as missing. */
const isProfileName = (value: string) => (PROFILE_NAMES as readonly string[]).includes(value);

/**
 * The create form's `listaPerfis`: the spec's one empty string (sections 3 and 6), which the provider reads as the
 * least profile, Consulta (decision 087); only a raised profile is named.
 */
const chosenProfile = (profile: string) => (isProfileName(profile) && profile !== 'CONSULTA' ? [profile] : PROFILES);

const typedNumber = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));

export const createUserToWire = (v: CreateUserValues): CreateUserBody => ({
  login: v.login.trim().toLowerCase(),
  numCelular: typedNumber(onlyDigits(v.mobile)),
  nomeUsuario: v.name.trim(),
  numeroDocumento: onlyDigits(v.document),
  ddd: typedNumber(v.ddd),
  ddi: typedNumber(v.ddi),
  listaPerfis: chosenProfile(v.profile),
  email: v.email.trim(),
});

export const editUserToWire = (v: EditUserValues): UpdateUserBody => ({
  ddd: typedNumber(v.ddd),
  ddi: typedNumber(v.ddi),
  email: v.email.trim(),
  nomeUsuario: v.nomeUsuario.trim(),
  numeroCelular: typedNumber(onlyDigits(v.mobile)),
  listaPerfis: PROFILES,
});

const required = <F extends string>(field: F, message: string): FieldMessages<F> => ({
  field,
  // A rule of the contract's own (free text, decision 128) is said in its words under the field.
  messages: { blank: message, custom: (issue) => issue.message },
});

/**
 * The wire takes any 11 digits: the check digits are the provider service's own rule, worded in its refusal, so the
 * form adds the contracts' CPF rule to say the spec's message before sending.
 */
const createSchema = createUserBody.extend({ numeroDocumento: cpf });

const createModel: FormModel<CreateUserValues, keyof CreateUserValues, typeof createSchema> = {
  schema: createSchema,
  toWire: createUserToWire,
  fields: {
    numeroDocumento: { field: 'document', messages: { blank: m.required, other: m.invalidDocument } },
    login: required('login', m.required),
    nomeUsuario: required('name', m.required),
    email: { field: 'email', messages: { blank: m.required, other: m.invalidEmail } },
    ddi: required('ddi', m.required),
    ddd: required('ddd', m.required),
    numCelular: required('mobile', m.required),
  },
};

const editModel: FormModel<EditUserValues, keyof EditUserValues, typeof updateUserBody> = {
  schema: updateUserBody,
  toWire: editUserToWire,
  fields: {
    // Typing is held to 2 digits, so only a stored code the operator left alone can fall outside what an update takes.
    ddd: { field: 'ddd', messages: { blank: m.editRequired, other: m.storedCodeInvalid } },
    ddi: { field: 'ddi', messages: { blank: m.editRequired, other: m.storedCodeInvalid } },
    email: { field: 'email', messages: { blank: m.editRequired, other: m.editInvalidEmail } },
    nomeUsuario: required('nomeUsuario', m.editRequired),
    numeroCelular: required('mobile', m.editRequired),
  },
};

/** The create form's first problem in the spec's order; null when the form may be sent. */
export const createUserError = (v: CreateUserValues): string | null =>
  firstOf(formErrors(createModel, v), [m.required, m.invalidDocument, m.invalidEmail]);

/** The edit form's first problem in the spec's order; null when the form may be sent. */
export const editUserError = (v: EditUserValues): string | null =>
  firstOf(formErrors(editModel, v), [m.editRequired, m.editInvalidEmail, m.storedCodeInvalid]);
