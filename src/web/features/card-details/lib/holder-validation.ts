// The holder editor's form models (spec section 5): the bodies of PUT /v1/client/account and /address, judged by
// their wire schemas, with the spec's messages in its order (the required texts first).
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import type { z } from 'zod';
import { addressUpdateBody, holderUpdateBody, messages, onlyDigits } from '../../../../contracts/index.ts';
import { type FieldMessages, type FormModel, firstOf, formErrors } from '../../../lib/form-model.ts';

dayjs.extend(customParseFormat);

export interface PersonalValues {
  name: string;
  motherName: string;
  birthDate: string; // DD/MM/YYYY as typed
  email: string;
  gender: string;
  dddPhone: string;
  phoneNumber: string;
  dddCellPhone: string;
  cellPhoneNumber: string;
}

export interface AddressValues {
  zipCode: string; // 00000-000 as typed
  addressHome: string;
  addressHomeNumber: string;
  addressHomeComplement: string;
  district: string;
  state: string;
  city: string;
}

const m = messages.holderEdit;

/** A real DD/MM/YYYY date (month lengths, leap years) → DDMMYYYY, or null. */
export function birthDateToWire(typed: string): string | null {
  const parsed = dayjs(typed, 'DD/MM/YYYY', true);
  if (!parsed.isValid() || parsed.isAfter(dayjs())) return null;
  return parsed.format('DDMMYYYY');
}

/** DDMMYYYY → DD/MM/YYYY for the field. */
export const birthDateFromWire = (wire: string) =>
  /^\d{8}$/.test(wire) ? `${wire.slice(0, 2)}/${wire.slice(2, 4)}/${wire.slice(4)}` : '';

const gender = (g: string): 'M' | 'F' | 'O' => (g === 'F' || g === 'O' ? g : 'M');

export const personalToWire = (v: PersonalValues, last4digits: string): z.input<typeof holderUpdateBody> => ({
  last4digits,
  motherName: v.motherName.trim(),
  name: v.name.trim(),
  // The wire only counts 8 digits: a date that is not real, or is still to come, is sent as none, which it refuses.
  birthDate: birthDateToWire(v.birthDate) ?? '',
  email: v.email.trim(),
  phoneNumber: onlyDigits(v.phoneNumber),
  dddPhone: onlyDigits(v.dddPhone),
  cellPhoneNumber: onlyDigits(v.cellPhoneNumber),
  dddCellPhone: onlyDigits(v.dddCellPhone),
  gender: gender(v.gender),
});

export const addressToWire = (v: AddressValues): z.input<typeof addressUpdateBody> => ({
  addressHome: v.addressHome.trim(),
  addressHomeNumber: v.addressHomeNumber.trim(),
  addressHomeComplement: v.addressHomeComplement.trim(),
  district: v.district.trim(),
  city: v.city.trim(),
  state: v.state.trim().toUpperCase(),
  zipCode: onlyDigits(v.zipCode),
});

const phone = <F extends keyof PersonalValues>(field: F): FieldMessages<F> => ({
  field,
  messages: { blank: m.required, other: m.invalidPhone },
});
const required = <F extends string>(field: F, message: string): FieldMessages<F> => ({
  field,
  // A rule of the contract's own (free text, decision 128) is said in its words under the field.
  messages: { blank: message, custom: (issue) => issue.message },
});

const personalModel: FormModel<PersonalValues, keyof PersonalValues, typeof holderUpdateBody> = {
  schema: holderUpdateBody,
  // The card's last four digits are the screen's, not the form's.
  toWire: (v) => personalToWire(v, ''),
  fields: {
    motherName: required('motherName', m.required),
    name: required('name', m.required),
    birthDate: { field: 'birthDate', messages: { other: m.invalidBirthDate } },
    email: { field: 'email', messages: { blank: m.required, other: m.invalidEmail } },
    phoneNumber: phone('phoneNumber'),
    dddPhone: phone('dddPhone'),
    cellPhoneNumber: phone('cellPhoneNumber'),
    dddCellPhone: phone('dddCellPhone'),
  },
};

const addressModel: FormModel<AddressValues, keyof AddressValues, typeof addressUpdateBody> = {
  schema: addressUpdateBody,
  toWire: addressToWire,
  fields: {
    zipCode: { field: 'zipCode', messages: { blank: m.addressRequired, other: m.invalidCep } },
    addressHomeNumber: required('addressHomeNumber', m.addressRequired),
    addressHome: required('addressHome', m.addressRequired),
    state: required('state', m.addressRequired),
    city: required('city', m.addressRequired),
    district: required('district', m.addressRequired),
  },
};

export const validatePersonal = (v: PersonalValues): string | null =>
  firstOf(formErrors(personalModel, v), [m.required, m.invalidBirthDate, m.invalidEmail, m.invalidPhone]);

export const validateAddress = (v: AddressValues): string | null =>
  firstOf(formErrors(addressModel, v), [m.addressRequired, m.invalidCep]);

/** Phone and mobile are shown with a hyphen before the last 4 digits (spec section 5). */
export function formatPhone(value: string): string {
  const d = onlyDigits(value).slice(0, 10);
  return d.length > 4 ? `${d.slice(0, -4)}-${d.slice(-4)}` : d;
}

/** What the CEP lookup fills, cut to the field lengths (street 40, district 15, state 3, city 30). */
export function addressFromCep(answer: { logradouro: string; bairro: string; uf: string; localidade: string }) {
  return {
    addressHome: answer.logradouro.slice(0, 40),
    district: answer.bairro.slice(0, 15),
    state: answer.uf.slice(0, 3),
    city: answer.localidade.slice(0, 30),
  };
}
