// The holder editor's forms → the provider bodies (spec section 7: PUT /v1/client/account and /address).
import type { RequestOf } from '../../../../contracts/contract.ts';
import type { AccountData } from '../../../../contracts/index.ts';
import { formatCep } from '../../../ui/format.ts';
import { type AddressValues, birthDateFromWire, formatPhone, type PersonalValues } from './holder-validation.ts';

/** The contract's bodies, so a field the provider renames breaks here at compile time, not on the wire. */
export type HolderBody = RequestOf<'holderUpdate'>['body'];
export type AddressBody = RequestOf<'addressUpdate'>['body'];

const gender = (g: string): HolderBody['gender'] => (g === 'F' || g === 'O' ? g : 'M');

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
