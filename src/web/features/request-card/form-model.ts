// The holder form of the card request: its values, the defaults of spec section 9, the proposal payload built from
// it, and the checks of section 5, which are the payload schema's, worded as the spec words them in its order.
import {
  messages,
  normalizeSpaces,
  ORG,
  PROPOSAL_DEFAULTS,
  type ProposalBody,
  proposalBody,
  stripWhitespace,
  typedDateToIso,
} from '../../../contracts/index.ts';
import { type FieldMessages, type FormModel, firstOf, formErrors } from '../../lib/form-model.ts';
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
