// A selected card for the details screens' tests: the row opened on /home and the answers of its calls.
import type { CardImpact } from '../../contracts/impact.ts';
import type { AccountData, CardResult, SubAccount } from '../../contracts/index.ts';

export const UUID = '0f8b7c1e-2d3a-4b5c-8d9e-0a1b2c3d4e5f';

export const row: SubAccount = {
  account: '7000000012',
  uuid: UUID,
  cardHolder: 'Renata Soares Teixeira',
  documentNumber: '28289446705',
  last4Digits: '5681',
  last4Digits2Way: null,
  cardStatus: 'active',
  cardBlockingCode: null,
  accountBlockingCodeTwo: null,
  accountWarningCode: null,
  logo: 1,
};

export const card: CardResult = {
  uuid: UUID,
  account: row.account,
  cardHolder: row.cardHolder,
  documentNumber: row.documentNumber,
  last4digits: '5681',
  last4Digits2Way: null,
  last4DigitsVirtual: null,
  cardType: 'TITULAR',
  logo: 1,
  numLogo: 1,
  org: '090',
  status: 'Actived',
  blockCode: null,
  relationCode: '000101',
  cardStatus: 'active',
  cardBlockingCode: null,
  accountBlockingCodeTwo: null,
  accountWarningCode: null,
};

export const holder: AccountData = {
  uuid: UUID,
  account: row.account,
  accountNumber: row.account,
  mainAccount: 'N',
  clientNameHolder: row.cardHolder,
  motherName: 'Gabriela Ramos Soares',
  mail: 'renata@exemplo.com.br',
  phoneNumber: '36506928',
  ddd: '19',
  cellPhone: '971320058',
  dddCellPhone: '19',
  zipCode: '13010100',
  addressNumber: '120',
  addressComplement: '',
  address: 'Rua Barão de Jaguara',
  state: 'SP',
  city: 'Campinas',
  district: 'Centro',
  gender: 'F',
  birthDate: '01081989',
  documentNumber: row.documentNumber,
  creditLimitNac: 2500,
  creditLimitNacAvailable: 2335,
  accountStatusDescription: 'NORMAL',
  flagTypeBilling: 0,
  cardStatus: 'active',
  logo: 1,
  last4digits: '5681',
  modality: 'Crédito corporativo — Cartão Verde',
};

export const limit = { availableLimit: 2335, creditLimit: 2500, availableCreditLimitUsed: 165 };
export const consultActive = { activeFlag: 'S', blockCode: null, status: 'Actived' } as const;

/** What a block, a cancel or a 2ª via would change for the card (the confirmations' preview, decision 082). */
export const impact = (over: Partial<CardImpact> = {}): CardImpact => ({
  action: 'block',
  today: '2026-11-10',
  pendingAuthorizations: { count: 2, total: limit.availableCreditLimitUsed },
  openInvoices: {
    scope: 'card',
    count: 5,
    total: 1234.56,
    dueDates: [
      { dueDate: '2026-11-22', count: 3, total: 1000.5 },
      { dueDate: '2026-12-22', count: 2, total: 234.06 },
    ],
  },
  limit: {
    creditLimit: limit.creditLimit,
    availableLimit: limit.availableLimit,
    used: limit.availableCreditLimitUsed,
    returnsToRelationship: 0,
    relationshipFreeNow: 40_000,
    relationshipFreeAfter: 40_000,
  },
  secondCopy: { onItsWay: false, last4: null, requestedAt: null, expectedBy: null },
  ...over,
});
