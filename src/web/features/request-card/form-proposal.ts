// The proposal payload built from the holder form (spec section 3).
import {
  normalizeSpaces,
  ORG,
  PROPOSAL_DEFAULTS,
  type ProposalBody,
  stripWhitespace,
  typedDateToIso,
} from '../../../contracts/index.ts';
import { onlyDigits as digits } from '../../../contracts/text.ts';
import { parseTypedMoney } from '../../ui/money.ts';
import type { HolderForm, Product } from './form-values.ts';

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
    maritalStatus: (f.maritalStatus
      ? Number(f.maritalStatus)
      : PROPOSAL_DEFAULTS.maritalStatus) as ProposalBody['maritalStatus'],
    gender: (f.gender || PROPOSAL_DEFAULTS.gender) as ProposalBody['gender'],
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
