// The holder editor's forms → the provider bodies (spec section 7: PUT /v1/client/account and /address).
import type { AccountData } from '../../../../contracts/index.ts';
import { onlyDigits } from '../../../../contracts/index.ts';
import { formatCep } from '../../../ui/format.ts';
import {
  type AddressValues,
  birthDateFromWire,
  birthDateToWire,
  formatPhone,
  type PersonalValues,
} from './holder-validation.ts';

export interface HolderBody {
  last4digits: string;
  motherName: string;
  name: string;
  birthDate: string;
  email: string;
  phoneNumber: string;
  dddPhone: string;
  cellPhoneNumber: string;
  dddCellPhone: string;
  gender: 'M' | 'F' | 'O';
}

export interface AddressBody {
  addressHome: string;
  addressHomeNumber: string;
  addressHomeComplement: string;
  district: string;
  city: string;
  state: string;
  zipCode: string;
}

const gender = (g: string): 'M' | 'F' | 'O' => (g === 'F' || g === 'O' ? g : 'M');

export const personalFrom = (h: AccountData): PersonalValues => ({
  name: h.clientNameHolder,
  motherName: h.motherName,
  birthDate: birthDateFromWire(h.birthDate),
  email: h.mail,
  gender: gender(h.gender),
  dddPhone: h.ddd,
  phoneNumber: formatPhone(h.phoneNumber),
  dddCellPhone: h.dddCellPhone,
  cellPhoneNumber: formatPhone(h.cellPhone),
});

export const addressFrom = (h: AccountData): AddressValues => ({
  zipCode: formatCep(h.zipCode),
  addressHome: h.address,
  addressHomeNumber: h.addressNumber,
  addressHomeComplement: h.addressComplement,
  district: h.district,
  state: h.state,
  city: h.city,
});

/** Call only after validatePersonal passed. */
export const holderBody = (v: PersonalValues, last4digits: string): HolderBody => ({
  last4digits,
  motherName: v.motherName.trim(),
  name: v.name.trim(),
  birthDate: birthDateToWire(v.birthDate) ?? '',
  email: v.email.trim(),
  phoneNumber: onlyDigits(v.phoneNumber),
  dddPhone: onlyDigits(v.dddPhone),
  cellPhoneNumber: onlyDigits(v.cellPhoneNumber),
  dddCellPhone: onlyDigits(v.dddCellPhone),
  gender: gender(v.gender),
});

export const addressBody = (v: AddressValues): AddressBody => ({
  addressHome: v.addressHome.trim(),
  addressHomeNumber: v.addressHomeNumber.trim(),
  addressHomeComplement: v.addressHomeComplement.trim(),
  district: v.district.trim(),
  city: v.city.trim(),
  state: v.state.trim().toUpperCase(),
  zipCode: onlyDigits(v.zipCode),
});
