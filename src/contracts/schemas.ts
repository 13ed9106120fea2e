// Payload schemas of spec sections 3 and 7, layer 2. Types are inferred from these, never written twice.
import { z } from 'zod';
import { BLOCK_REASONS, GENDERS, SECOND_COPY_REASONS, USER_STATUS } from './constants.ts';
import {
  cnpj,
  confirmationCode,
  digits,
  email,
  last4,
  login,
  newPassword,
  password,
  requiredText,
  text,
  uuid,
} from './fields.ts';

export const loginBody = z.object({ login: login.transform((v) => v.toLowerCase()), senha: password });

/** The three recovery steps share one endpoint; the fields present say which step it is. */
export const recoveryBody = z.union([
  z.object({ login, confirmacao: confirmationCode, novaSenha: newPassword, confirmarNovaSenha: password }),
  z.object({ login, confirmacao: confirmationCode }),
  z.object({ login }),
]);

export const firstAccessBody = z.object({ login, novaSenha: newPassword, confirmarNovaSenha: password });

export const createUserBody = z.object({
  login,
  numCelular: z.number().int().nonnegative().max(9_999_999_999),
  nomeUsuario: requiredText(60),
  numeroDocumento: digits(11, 11),
  ddd: z.number().int().min(0).max(999),
  ddi: z.number().int().min(0).max(999),
  listaPerfis: z.array(z.string().max(40)).max(10),
  email,
});

export const updateUserBody = z.object({
  ddd: z.number().int().min(0).max(99),
  ddi: z.number().int().min(0).max(99),
  email,
  nomeUsuario: requiredText(60),
  numeroCelular: z.number().int().nonnegative().max(9_999_999_999),
  listaPerfis: z.array(z.string().max(40)).max(10),
});

export const userStatusBody = z.object({ status: z.enum(USER_STATUS) });

export const cardBlockBody = z.object({
  descriptionOccurrence: text(200),
  last4digits: last4,
  blockingReason: z.enum(BLOCK_REASONS),
});
export const accountBlockBody = z.object({ last4Digits: last4 });
export const last4Body = z.object({ last4digits: last4 });
export const activationBody = z.object({ last4digits: last4, action: z.literal('A') });

export const limitChangeBody = z.object({
  availableLimit: z.number().positive().max(9_999_999_999_999),
  changeLimit: z.literal('S'),
  last4digits: last4,
});

export const secondCopyBody = z.object({
  last4digits: last4,
  reasonReissueCard: z.enum(SECOND_COPY_REASONS),
  embossName: requiredText(26),
  deficiencyVisualdescription: text(40),
  line4Emboss: text(26),
});

export const passwordResetBody = z.object({ last4digits: last4, userId: digits(9, 9) });

export const holderUpdateBody = z.object({
  last4digits: last4,
  motherName: requiredText(30),
  name: requiredText(40),
  birthDate: digits(8, 8),
  email,
  phoneNumber: digits(8, 10),
  dddPhone: digits(2, 3),
  cellPhoneNumber: digits(8, 10),
  dddCellPhone: digits(2, 3),
  gender: z.enum(GENDERS),
});

export const addressUpdateBody = z.object({
  addressHome: requiredText(40),
  addressHomeNumber: requiredText(6),
  addressHomeComplement: text(25),
  district: requiredText(15),
  city: requiredText(30),
  state: requiredText(3),
  zipCode: digits(8, 8),
});

export const occurrenceBody = z.object({
  last4digits: last4,
  modalityType: z.literal('ISSUE_CARD_2_WAY'),
  openingText: text(500),
});

export const proposalBody = z.object({
  uuid,
  org: z.literal('090'),
  logo: z.union([z.literal(1), z.literal(2)]),
  clientName: requiredText(40),
  birthDate: z.iso.date(),
  maritalStatus: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(5), z.literal(6)]),
  gender: z.enum(GENDERS),
  documentNumber: digits(11, 11),
  motherName: requiredText(30),
  email,
  embossName: requiredText(26),
  addressHome: text(40),
  addressHomeNumber: text(6),
  addressHomecomplement: text(25),
  district: text(15),
  cityHome: text(30),
  cityHomeCode: text(3),
  zipCode: z.union([digits(8, 8), z.literal('')]),
  addressWork: text(40),
  addressNumberWork: text(6),
  addressWorkComplement: text(25),
  districtWork: text(15),
  cityWork: text(30),
  cityCodeWork: text(3),
  zipCodeWork: z.union([digits(8, 8), z.literal('')]),
  dddHome: z.union([digits(2, 3), z.literal('')]),
  phoneNumberHome: z.union([digits(8, 10), z.literal('')]),
  dddCellPhone: digits(2, 3),
  cellPhone: digits(8, 10),
  pctCode: z.number().int().positive(),
  annuityCode: z.number().int().positive(),
  discountCode: z.number().int().positive(),
  rateCollectionType: text(10),
  rateDiscountPercentage: z.number().min(0).max(100),
  rmcValue: z.number().min(0),
  registrationNumber: text(20),
  contractNumber: text(20),
  relationCode: requiredText(20),
  mainAccount: z.enum(['S', 'N']),
  creditLimit: z.number().positive().max(9_999_999_999_999),
  typeAddress: z.enum(['R', 'C']),
  dayDue: z.number().int().min(1).max(31),
  valueIncome: z.string().regex(/^\d{1,13}\.\d{2}$/),
});

/** Header values the card endpoints read. */
export const headerValues = {
  cnpj,
  relationCode: requiredText(20),
  startAccount: z.union([digits(1, 19), z.literal('')]),
  direction: z.enum(['N', 'P', '']),
  last4digits: last4,
  product: z.enum(['1', '2']),
  dueDate: z.iso.date(),
};

// Responses the client reads (the field lists of spec section 3).
export const company = z.object({ corporateName: z.string(), cnpj: z.string(), relationCode: z.string() });
export const companiesResponse = z.object({ companies: z.array(company) });

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
});
export const accountsResponse = z.object({
  subAccounts: z.array(subAccount),
  totalSubAccounts: z.number(),
  meta: z.object({ totalRecords: z.number() }),
});

export const loginResponse = z.object({
  usuario: z.string(),
  token: z.string(),
  primeiroAcesso: z.boolean(),
  companies: z.array(company),
});

/** Every refusal on the wire: a reason a person can read, and a code a program can switch on. */
export const errorBody = z.object({ message: z.string(), code: z.string().optional() });

export type LoginBody = z.infer<typeof loginBody>;
export type LoginResponse = z.infer<typeof loginResponse>;
export type Company = z.infer<typeof company>;
export type SubAccount = z.infer<typeof subAccount>;
export type AccountsResponse = z.infer<typeof accountsResponse>;
export type ProposalBody = z.infer<typeof proposalBody>;
export type ErrorBody = z.infer<typeof errorBody>;
