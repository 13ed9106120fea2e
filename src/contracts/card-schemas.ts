// The cards of a company as the provider answers them: the account list, a card, its account data, consult and limit.
import { z } from 'zod';
import { cnpj, digits, last4, requiredText } from './fields.ts';
import { messages } from './messages.ts';
import { isValidIsoDate } from './proposal-rules.ts';

/** The largest account number the keyset can hold (PostgreSQL bigint); a larger one would fail in the database. */
const MAX_ACCOUNT_NUMBER = 9_223_372_036_854_775_807n;

/** Header values the card endpoints read. */
export const headerValues = {
  cnpj,
  relationCode: requiredText(20),
  startAccount: z.union([
    // zod runs a refinement even after the digits rule failed, so the guard keeps BigInt from throwing on '1.5'.
    digits(1, 19).refine(
      (v) => !/^\d+$/.test(v) || BigInt(v) <= MAX_ACCOUNT_NUMBER,
      messages.cardList.startAccountOutOfRange,
    ),
    z.literal(''),
  ]),
  direction: z.enum(['N', 'P', '']),
  last4digits: last4,
  product: z.enum(['1', '2']),
  dueDate: z.string().refine(isValidIsoDate, messages.generic.invalidDate),
};

export const subAccount = z.object({
  account: z.string(),
  uuid: z.string(),
  cardHolder: z.string(),
  documentNumber: z.string(),
  last4Digits: z.string(),
  last4Digits2Way: z.string().nullable(),
  cardStatus: z.string(),
  cardBlockingCode: z.string().nullable(),
  accountBlockingCodeTwo: z.string().nullable(),
  accountWarningCode: z.string().nullable(),
  logo: z.number(),
  /** Not in the spec's row: what the status chip's reason reads (issue 27, decision 116). */
  accountStatusDescription: z.string().optional(),
  activeFlag: z.string().optional(),
});

export const accountsResponse = z.object({
  subAccounts: z.array(subAccount),
  totalSubAccounts: z.number(),
  meta: z.object({ totalRecords: z.number() }),
});

// Card answers (issue 4): the shapes the provider answers and the cards screens read.
export const cardResult = z.object({
  /** The account uuid. */
  uuid: z.string(),
  account: z.string(),
  cardHolder: z.string(),
  documentNumber: z.string(),
  last4digits: z.string(),
  last4Digits2Way: z.string().nullable(),
  last4DigitsVirtual: z.string().nullable(),
  cardType: z.enum(['TITULAR', 'VIRTUAL']),
  logo: z.number(),
  numLogo: z.number(),
  org: z.literal('090'),
  status: z.enum(['Actived', 'Blocked']),
  blockCode: z.string().nullable(),
  relationCode: z.string(),
  cardStatus: z.enum(['active', 'inactive']),
  cardBlockingCode: z.string().nullable(),
  accountBlockingCodeTwo: z.string().nullable(),
  accountWarningCode: z.string().nullable(),
  /** Not in the spec's card: what the status chip's reason reads (issue 27, decision 116). */
  accountStatusDescription: z.string().optional(),
  activeFlag: z.string().optional(),
});

export const cardsResponse = z.object({ cardsResult: z.array(cardResult) });

export const accountData = z.object({
  uuid: z.string(),
  account: z.string(),
  accountNumber: z.string(),
  mainAccount: z.string(),
  clientNameHolder: z.string(),
  motherName: z.string(),
  mail: z.string(),
  phoneNumber: z.string(),
  ddd: z.string(),
  cellPhone: z.string(),
  dddCellPhone: z.string(),
  zipCode: z.string(),
  addressNumber: z.string(),
  addressComplement: z.string(),
  address: z.string(),
  state: z.string(),
  city: z.string(),
  district: z.string(),
  gender: z.string(),
  /** DDMMYYYY */
  birthDate: z.string(),
  documentNumber: z.string(),
  creditLimitNac: z.number(),
  creditLimitNacAvailable: z.number(),
  /** 'NORMAL' | 'CANCELADA' | … */
  accountStatusDescription: z.string(),
  flagTypeBilling: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  cardStatus: z.string(),
  logo: z.number(),
  last4digits: z.string(),
  /** pt-BR product/modality label, e.g. 'Crédito corporativo — Cartão Verde'. */
  modality: z.string(),
});

export const cardConsult = z.object({
  activeFlag: z.enum(['S', 'N']),
  blockCode: z.string().nullable(),
  status: z.enum(['Actived', 'Blocked']),
  /** Not in the spec's entity: the card password is locked (wrong tries), so the unlock fixes a decline (081). */
  passwordBlocked: z.boolean().default(false),
});

export const embossData = z.object({ embossName: z.string(), indVisualDeficiency: z.enum(['S', 'N']) });

export const limitResponse = z.object({
  availableLimit: z.number(),
  creditLimit: z.number(),
  availableCreditLimitUsed: z.number(),
});

export type SubAccount = z.infer<typeof subAccount>;

export type AccountsResponse = z.infer<typeof accountsResponse>;

export type CardResult = z.infer<typeof cardResult>;

export type CardsResponse = z.infer<typeof cardsResponse>;

export type AccountData = z.infer<typeof accountData>;

export type CardConsult = z.infer<typeof cardConsult>;

export type EmbossData = z.infer<typeof embossData>;

export type LimitResponse = z.infer<typeof limitResponse>;
