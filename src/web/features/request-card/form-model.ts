// The holder form of the card request: its values, the defaults of spec section 9, the checks of section 5 in the
// order the operator reads them, and the proposal payload built from it.
import {
  isValidDueDay,
  isValidPersonName,
  isValidProposalCpf,
  isValidProposalEmail,
  isValidTypedDate,
  messages,
  normalizeSpaces,
  ORG,
  PROPOSAL_DEFAULTS,
  type ProposalBody,
  stripWhitespace,
  typedDateToIso,
} from '../../../contracts/index.ts';
import { parseTypedMoney } from '../../ui/money.ts';

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
    maritalStatus: String(PROPOSAL_DEFAULTS.maritalStatus),
    gender: PROPOSAL_DEFAULTS.gender,
    email: '',
    valueIncome: '0,00',
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

const digits = (v: string) => v.replace(/\D/g, '');
const filled = (v: string) => normalizeSpaces(v).trim() !== '';

/** The first problem of the form as the spec words it, or null when the request may be sent. */
export function firstProblem(f: HolderForm): string | null {
  const t = messages.proposal;
  const personal = [f.cpf, f.birthDate, f.clientName, f.motherName, f.email, f.embossName, f.typeAddress];
  const phones = digits(f.dddCellPhone).length >= 2 && digits(f.cellPhone).length >= 8;
  const homePhone = digits(f.phoneHome);
  const homePhoneOk = homePhone === '' || (homePhone.length >= 8 && digits(f.dddHome).length >= 2);
  if (!personal.every(filled) || !phones || !homePhoneOk) return t.personalRequired;
  const address = [f.zipCode, f.street, f.number, f.district, f.state, f.city];
  if (!address.every(filled) || digits(f.zipCode).length !== 8) {
    return f.typeAddress === 'C' ? t.workAddressRequired : t.homeAddressRequired;
  }
  if (!isValidProposalCpf(f.cpf)) return t.invalidCpf;
  if (!isValidTypedDate(f.birthDate)) return t.invalidBirthDate;
  if (!isValidPersonName(f.clientName)) return t.invalidName;
  if (!isValidPersonName(f.motherName)) return t.invalidMotherName;
  if (!isValidProposalEmail(f.email)) return t.invalidEmail;
  if (!isValidDueDay(f.dayDue)) return t.invalidDueDay;
  if (!(parseTypedMoney(f.creditLimit) ?? 0)) return t.creditLimitRequired;
  return null;
}

/** The proposal payload (spec section 3): non-breaking spaces made plain, complements without whitespace. */
export function toProposal(f: HolderForm, product: Product, relationCode: string, uuid: string): ProposalBody {
  const text = (v: string) => normalizeSpaces(v).trim();
  const home = f.typeAddress !== 'C';
  const address = {
    street: text(f.street),
    number: text(f.number),
    complement: stripWhitespace(f.complement),
    district: text(f.district),
    city: text(f.city),
    state: text(f.state).toUpperCase(),
    zipCode: digits(f.zipCode),
  };
  const none = { street: '', number: '', complement: '', district: '', city: '', state: '', zipCode: '' };
  const h = home ? address : none;
  const w = home ? none : address;
  const income = parseTypedMoney(f.valueIncome) ?? 0;
  const hasHomePhone = digits(f.phoneHome) !== '';
  return {
    uuid,
    org: ORG,
    logo: product,
    clientName: text(f.clientName),
    birthDate: typedDateToIso(f.birthDate) ?? '',
    maritalStatus: Number(f.maritalStatus) as ProposalBody['maritalStatus'],
    gender: f.gender as ProposalBody['gender'],
    documentNumber: digits(f.cpf),
    motherName: text(f.motherName),
    email: text(f.email),
    embossName: text(f.embossName).toUpperCase(),
    addressHome: h.street,
    addressHomeNumber: h.number,
    addressHomecomplement: h.complement,
    district: h.district,
    cityHome: h.city,
    cityHomeCode: h.state,
    zipCode: h.zipCode,
    addressWork: w.street,
    addressNumberWork: w.number,
    addressWorkComplement: w.complement,
    districtWork: w.district,
    cityWork: w.city,
    cityCodeWork: w.state,
    zipCodeWork: w.zipCode,
    dddHome: hasHomePhone ? digits(f.dddHome) : '',
    phoneNumberHome: hasHomePhone ? digits(f.phoneHome) : '',
    dddCellPhone: digits(f.dddCellPhone),
    cellPhone: digits(f.cellPhone),
    pctCode: PROPOSAL_DEFAULTS.pctCode,
    annuityCode: PROPOSAL_DEFAULTS.annuityCode,
    discountCode: PROPOSAL_DEFAULTS.discountCode,
    rateCollectionType: '',
    rateDiscountPercentage: 0,
    rmcValue: 0,
    registrationNumber: '',
    contractNumber: '',
    relationCode,
    mainAccount: PROPOSAL_DEFAULTS.mainAccount,
    creditLimit: parseTypedMoney(f.creditLimit) ?? 0,
    typeAddress: home ? 'R' : 'C',
    dayDue: Number(f.dayDue),
    valueIncome: income.toFixed(2),
  };
}
