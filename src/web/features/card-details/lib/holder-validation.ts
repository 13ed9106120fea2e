// The holder editor's checks (spec section 5): the required texts first, then what the provider would refuse.
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { email as emailRule, messages, onlyDigits } from '../../../../contracts/index.ts';

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

const blank = (v: string) => v.trim() === '';

/** A real DD/MM/YYYY date (month lengths, leap years) → DDMMYYYY, or null. */
export function birthDateToWire(typed: string): string | null {
  const parsed = dayjs(typed, 'DD/MM/YYYY', true);
  if (!parsed.isValid() || parsed.isAfter(dayjs())) return null;
  return parsed.format('DDMMYYYY');
}

/** DDMMYYYY → DD/MM/YYYY for the field. */
export const birthDateFromWire = (wire: string) =>
  /^\d{8}$/.test(wire) ? `${wire.slice(0, 2)}/${wire.slice(2, 4)}/${wire.slice(4)}` : '';

export function validatePersonal(v: PersonalValues): string | null {
  const m = messages.holderEdit;
  const required = [v.motherName, v.name, v.phoneNumber, v.dddPhone, v.cellPhoneNumber, v.dddCellPhone, v.email];
  if (required.some(blank)) return m.required;
  if (!birthDateToWire(v.birthDate)) return m.invalidBirthDate;
  if (!emailRule.safeParse(v.email.trim()).success) return m.invalidEmail;
  const ddd = (d: string) => /^\d{2,3}$/.test(onlyDigits(d));
  const phone = (p: string) => /^\d{8,10}$/.test(onlyDigits(p));
  if (!ddd(v.dddPhone) || !ddd(v.dddCellPhone) || !phone(v.phoneNumber) || !phone(v.cellPhoneNumber)) {
    return m.invalidPhone;
  }
  return null;
}

export function validateAddress(v: AddressValues): string | null {
  const m = messages.holderEdit;
  const required = [v.zipCode, v.addressHomeNumber, v.addressHome, v.state, v.city, v.district];
  if (required.some(blank)) return m.addressRequired;
  if (onlyDigits(v.zipCode).length < 8) return m.invalidCep;
  return null;
}

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
