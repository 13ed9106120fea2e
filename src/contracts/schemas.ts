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
import { messages } from './messages.ts';
import { PROFILES } from './profiles.ts';
import { isValidDueDay, isValidIsoDate, isValidPersonName, isValidProposalCpf } from './proposal-rules.ts';
import { secondFactorStep } from './second-factor.ts';

export const loginBody = z.object({ login: login.transform((v) => v.toLowerCase()), senha: password });

/** The three recovery steps share one endpoint; the fields present say which step it is. */
export const recoveryBody = z.union([
  z.object({ login, confirmacao: confirmationCode, novaSenha: newPassword, confirmarNovaSenha: password }),
  z.object({ login, confirmacao: confirmationCode }),
  z.object({ login }),
]);

/**
 * The recovery step a body means, by the fields present. Parsing with the union alone would take a bad step-2 body
 * (`{login, confirmacao: '12a'}`) for a good step 1, and refuse a body without a login with a bare "Entrada
 * inválida"; parsing with the step's own schema names the field. Once a step's schema accepts a body, the union reads
 * it as that same step.
 */
export function recoveryStepOf(body: unknown): z.ZodType {
  const [step3, step2, step1] = recoveryBody.options;
  const fields = typeof body === 'object' && body !== null ? body : {};
  if ('novaSenha' in fields || 'confirmarNovaSenha' in fields) return step3;
  if ('confirmacao' in fields) return step2;
  return step1;
}

export const firstAccessBody = z.object({ login, novaSenha: newPassword, confirmarNovaSenha: password });

/** Not in the spec (decision 074): the current password proves the operator, the new one follows the rule. */
export const changePasswordBody = z.object({
  senhaAtual: password,
  novaSenha: newPassword,
  confirmarNovaSenha: password,
});

/**
 * A stored DDI or DDD: what the create form may type (3 digits). The edit form types at most 2 (spec section 5), but
 * an update must be able to send back the stored value the operator did not touch (docs/decisions/046).
 */
export const phoneCode = z.number().int().min(0).max(999);

/**
 * Profiles (issue 16): the user forms carry the profile in the spec's `listaPerfis` — one of PROFILES. Entries that
 * name no profile (the spec's portal sends one empty entry) are ignored; two different profiles are refused.
 */
const listaPerfis = z
  .array(z.string().max(40))
  .max(10)
  .refine(
    (list) => new Set(list.filter((p) => (PROFILES as readonly string[]).includes(p))).size <= 1,
    messages.profiles.twoProfiles,
  );

export const createUserBody = z.object({
  login,
  numCelular: z.number().int().nonnegative().max(9_999_999_999),
  nomeUsuario: requiredText(60),
  numeroDocumento: digits(11, 11),
  ddd: phoneCode,
  ddi: phoneCode,
  listaPerfis,
  email,
});

export const updateUserBody = z.object({
  ddd: phoneCode,
  ddi: phoneCode,
  email,
  nomeUsuario: requiredText(60),
  numeroCelular: z.number().int().nonnegative().max(9_999_999_999),
  listaPerfis,
});

export const userStatusBody = z.object({ status: z.enum(USER_STATUS) });

/** A portal user (sub-user) as the user list answers it (spec section 3). */
export const portalUser = z.object({
  id: z.string(),
  login: z.string(),
  nomeUsuario: z.string(),
  email: z.string(),
  numeroDocumento: z.string(),
  ddi: z.number(),
  ddd: z.number(),
  numCelular: z.number(),
  status: z.enum(USER_STATUS),
  perfis: z.array(z.string()),
  /** Second factor (decision 091): enrolled and confirmed. */
  segundoFator: z.boolean(),
});
export const usersResponse = z.object({ usuarios: z.array(portalUser) });
export type PortalUser = z.infer<typeof portalUser>;
export type CreateUserBody = z.infer<typeof createUserBody>;
export type UpdateUserBody = z.infer<typeof updateUserBody>;

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

export const proposalBody = z
  .object({
    uuid,
    org: z.literal('090'),
    logo: z.union([z.literal(1), z.literal(2)]),
    clientName: requiredText(40).refine(isValidPersonName, messages.proposal.invalidName),
    birthDate: z.string().refine(isValidIsoDate, messages.proposal.invalidBirthDate),
    maritalStatus: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(5), z.literal(6)]),
    gender: z.enum(GENDERS),
    documentNumber: digits(11, 11).refine(isValidProposalCpf, messages.proposal.invalidCpf),
    motherName: requiredText(30).refine(isValidPersonName, messages.proposal.invalidMotherName),
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
    dayDue: z.number().refine(isValidDueDay, messages.proposal.invalidDueDay),
    valueIncome: z.string().regex(/^\d{1,13}\.\d{2}$/),
  })
  // The address group of the chosen type is required (spec section 5); the complement stays optional.
  .superRefine((p, ctx) => {
    const home = [p.addressHome, p.addressHomeNumber, p.district, p.cityHome, p.cityHomeCode, p.zipCode];
    const work = [p.addressWork, p.addressNumberWork, p.districtWork, p.cityWork, p.cityCodeWork, p.zipCodeWork];
    const group = p.typeAddress === 'R' ? home : work;
    if (group.some((v) => v === '')) {
      ctx.addIssue({
        code: 'custom',
        path: [p.typeAddress === 'R' ? 'addressHome' : 'addressWork'],
        message: p.typeAddress === 'R' ? messages.proposal.homeAddressRequired : messages.proposal.workAddressRequired,
      });
    }
  });

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

/** The 200 answer of every card action (a short pt-BR confirmation; screens show the spec's own texts). */
export const messageResponse = z.object({ message: z.string() });

export const authorization = z.object({
  /** ISO date-time */
  tmsInclH: z.string(),
  numAuthorization: z.string(),
  establishmentName: z.string(),
  qtdParcel: z.number(),
  coinCode: z.number(),
  mainValue: z.number(),
  descResponseTransaction: z.string(),
  descDrop: z.string(),
  transactionType: z.string(),
  /** Not in the spec's entity: what section 4's offline rule reads (decision 038); absent means online, verified. */
  capturedOffline: z.boolean().default(false),
  passwordValidated: z.boolean().default(true),
  /** Not in the spec's entity: the spending control that declined it (issue 30, decision 132); absent otherwise. */
  declineCode: z.string().optional(),
});
export const authorizationHistoryResponse = z.object({ authorizations: z.array(authorization) });

/** Newest first; invoiceDueDate is 'YYYY-MM-DD'. */
export const invoiceDueDatesResponse = z.object({
  listInvoiceDueDate: z.array(z.object({ invoiceDueDate: z.string() })),
});

export const invoiceTransaction = z.object({
  abbreviationGroup: z.string(),
  /** YYYYMMDD */
  date: z.string(),
  /** Masked, last 4 only. */
  numCard: z.string(),
  description: z.string(),
  valueTransactionInternational: z.number(),
  valueTransactionNational: z.number(),
  numParcelOf: z.string(),
});
export const invoiceTransactionsResponse = z.object({ transactions: z.array(invoiceTransaction) });

/** The CEP lookup answer: ViaCEP's own field names (cep is 8 digits). */
export const cepResponse = z.object({
  cep: z.string(),
  logradouro: z.string(),
  complemento: z.string(),
  bairro: z.string(),
  localidade: z.string(),
  uf: z.string(),
});

export const loginResponse = z.object({
  usuario: z.string(),
  /** The operator's login: how the web knows its own row in the users list (a name is not unique, and can change). */
  login: z.string(),
  token: z.string(),
  primeiroAcesso: z.boolean(),
  /** Profiles (issue 16): each company with the operator's profile in it. */
  companies: z.array(company.extend({ perfil: z.enum(PROFILES) })),
  /** Second factor (decision 091): what the session still needs; while not NENHUM, companies is empty. */
  segundoFator: secondFactorStep,
});

/** The signed-in operator as a reload sees it again: the login answer without its token (decision 041). */
export const sessionResponse = loginResponse.pick({ usuario: true, login: true, companies: true, segundoFator: true });
export type SessionResponse = z.infer<typeof sessionResponse>;

/** Every refusal on the wire: a reason a person can read, and a code a program can switch on. */
export const errorBody = z.object({ message: z.string(), code: z.string().optional() });

export type LoginBody = z.infer<typeof loginBody>;
export type LoginResponse = z.infer<typeof loginResponse>;
export type Company = z.infer<typeof company>;
export type SubAccount = z.infer<typeof subAccount>;
export type AccountsResponse = z.infer<typeof accountsResponse>;
export type ProposalBody = z.infer<typeof proposalBody>;
export type ErrorBody = z.infer<typeof errorBody>;
export type CardResult = z.infer<typeof cardResult>;
export type CardsResponse = z.infer<typeof cardsResponse>;
export type AccountData = z.infer<typeof accountData>;
export type CardConsult = z.infer<typeof cardConsult>;
export type EmbossData = z.infer<typeof embossData>;
export type LimitResponse = z.infer<typeof limitResponse>;
export type MessageResponse = z.infer<typeof messageResponse>;
export type Authorization = z.infer<typeof authorization>;
export type AuthorizationHistoryResponse = z.infer<typeof authorizationHistoryResponse>;
export type InvoiceDueDatesResponse = z.infer<typeof invoiceDueDatesResponse>;
export type InvoiceTransaction = z.infer<typeof invoiceTransaction>;
export type InvoiceTransactionsResponse = z.infer<typeof invoiceTransactionsResponse>;
export type CepResponse = z.infer<typeof cepResponse>;

// Invoices and card requests (issue 5).
/** The relationship's own account (decision 022): its uuid and card are what the invoice calls use. */
/** The relationship's limit (decision 037): committed = its cards' limits (not CANCELADA), free = limit − committed. */
export const relationshipLimitResponse = z.object({
  relationshipLimit: z.number(),
  committedLimit: z.number(),
  freeLimit: z.number(),
});
export type RelationshipLimitResponse = z.infer<typeof relationshipLimitResponse>;

export const corporateAccountResponse = z.object({
  uuid: z.string(),
  last4digits: z.string(),
  corporateName: z.string(),
  cnpj: z.string(),
  relationCode: z.string(),
});

const invoiceValue = z.number().nullable();
/** The spec's Invoice entity plus the "other" block (debits, credits, fees); null is a value not reported. */
export const corporateInvoice = z.object({
  dueDate: z.string(),
  totalInvoiceValue: invoiceValue,
  digitableLine: z.string().nullable(),
  previousInvoiceValue: invoiceValue,
  totalPaymentValue: invoiceValue,
  bsPaymentMinNotParcel: invoiceValue,
  expenditureInternationalValue: invoiceValue,
  totalDebitNationalValue: invoiceValue,
  withdrawalCashLimitInternationalValue: invoiceValue,
  withdrawalCashLimitNationalValue: invoiceValue,
  financialBurdenValue: invoiceValue,
  paidNotIntegralValue: invoiceValue,
  otherDebitsValue: invoiceValue,
  otherCreditsValue: invoiceValue,
  feesValue: invoiceValue,
  /** The Pix copia-e-cola of the total (static BR Code); absent when nothing is left to pay or Pix is off (077). */
  pixCopiaECola: z.string().min(1).max(512).optional(),
});

export const proposalResponse = z.object({
  message: z.string(),
  proposalId: z.string(),
  uuid: z.string(),
  account: z.string(),
  last4digits: z.string(),
});

/** A proposal refusal: code '38' (no limit) or '6' (CPF not allowed), with the numeric errorCode as well. */
export const proposalRefusal = z.object({ message: z.string(), code: z.string(), errorCode: z.number().optional() });

export type CorporateAccountResponse = z.infer<typeof corporateAccountResponse>;
export type CorporateInvoice = z.infer<typeof corporateInvoice>;
export type ProposalResponse = z.infer<typeof proposalResponse>;
