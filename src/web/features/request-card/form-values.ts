// The holder form of the card request: its values, their maximum lengths (spec section 5) and the defaults of
// spec section 9.
import { PROPOSAL_DEFAULTS } from '../../../contracts/index.ts';

export type Product = 1 | 2;
export type AddressType = '' | 'R' | 'C';

export interface HolderForm {
  cpf: string;
  clientName: string;
  embossName: string;
  motherName: string;
  birthDate: string;
  maritalStatus: string;
  gender: string;
  email: string;
  valueIncome: string;
  dddHome: string;
  phoneHome: string;
  dddCellPhone: string;
  cellPhone: string;
  creditLimit: string;
  dayDue: string;
  typeAddress: AddressType;
  zipCode: string;
  street: string;
  number: string;
  complement: string;
  district: string;
  state: string;
  city: string;
}

/** Maximum lengths of spec section 5. */
export const MAX = {
  cpf: 14,
  clientName: 40,
  embossName: 26,
  motherName: 30,
  dayDue: 2,
  creditLimit: 15,
  birthDate: 10,
  ddd: 3,
  phone: 10,
  zipCode: 9,
  street: 40,
  number: 6,
  complement: 25,
  district: 15,
  state: 3,
  city: 30,
  email: 60,
} as const;

export function initialForm(): HolderForm {
  return {
    cpf: '',
    clientName: '',
    embossName: '',
    motherName: '',
    birthDate: '',
    // Nothing the operator did not choose is shown as chosen (issue 27): left empty, the proposal sends the spec's
    // defaults (section 9), as it always did.
    maritalStatus: '',
    gender: '',
    email: '',
    valueIncome: '',
    dddHome: '',
    phoneHome: '',
    dddCellPhone: '',
    cellPhone: '',
    creditLimit: '',
    dayDue: String(PROPOSAL_DEFAULTS.dayDue),
    typeAddress: '',
    zipCode: '',
    street: '',
    number: '',
    complement: '',
    district: '',
    state: '',
    city: '',
  };
}
