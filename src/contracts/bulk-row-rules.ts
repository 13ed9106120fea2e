// Bulk changes (issue 18.2): each kind's row rule. A CSV row travels as its cells, as typed; each kind's row rule
// turns them into the body the single-card screens send (limitChangeBody, cardBlockBody, proposalBody), so a row is
// judged by the same rules as the screen's form.
import { z } from 'zod';
import { BULK_COLUMNS, headerKey, parseAmount } from './bulk-format.ts';
import { BLOCK_REASONS, type BlockReason, ORG, PROPOSAL_DEFAULTS } from './constants.ts';
import { last4 } from './fields.ts';
import { messages } from './messages.ts';
import { isValidProposalCpf, typedDateToIso } from './proposal-rules.ts';
import { cardBlockBody, limitChangeBody, type ProposalBody, proposalBody } from './schemas.ts';
import { onlyDigits } from './text.ts';

const r = messages.bulk.reasons;

const BLOCK_LABELS: Record<string, BlockReason> = {
  perda: 'P',
  roubo: 'R',
  bloqueiotemporario: 'BE',
  outros: 'O',
};

/** 'Perda', 'perda', 'P' → 'P'; anything else stays as typed, for the block body's rule to refuse. */
export const blockReasonOf = (cell: string): string => {
  const code = cell.trim().toUpperCase();
  if ((BLOCK_REASONS as readonly string[]).includes(code)) return code;
  return BLOCK_LABELS[headerKey(cell)] ?? cell.trim();
};

/** The CPF of a row: required, eleven digits that pass the check digits (the card request's rule). */
export const cpfCell = z
  .string()
  .trim()
  .min(1, r.required('CPF'))
  .refine(isValidProposalCpf, messages.proposal.invalidCpf)
  .transform(onlyDigits);
const amountCell = (column: string) =>
  z
    .string()
    .trim()
    .min(1, r.required(column))
    .transform((v, ctx) => {
      const amount = parseAmount(v);
      if (amount === null) ctx.addIssue({ code: 'custom', message: r.invalidAmount });
      return amount ?? 0;
    });

export const limitRow = z
  .tuple([cpfCell, z.string().trim().pipe(last4), amountCell('Novo limite disponível')])
  .transform(([cpf, final, amount]) => ({ cpf, last4: final, amount }))
  .pipe(
    z.object({
      cpf: z.string(),
      last4: z.string(),
      // The limit screen's own rule: a positive amount of at most 13 digits.
      amount: limitChangeBody.shape.availableLimit,
    }),
  );

export const blockRow = z
  .tuple([
    cpfCell,
    z.string().trim().pipe(last4),
    z.string().trim().min(1, messages.block.reasonRequired).transform(blockReasonOf),
    z.string(),
  ])
  .transform(([cpf, final, reason, description]) => ({ cpf, last4: final, reason, description: description.trim() }))
  .pipe(
    z.object({
      cpf: z.string(),
      last4: z.string(),
      reason: cardBlockBody.shape.blockingReason,
      description: cardBlockBody.shape.descriptionOccurrence,
    }),
  );

/** The proposal's fields a card-request row fills, in the template's order; the rest are the screen's defaults. */
const CARD_FIELDS = [
  'documentNumber',
  'clientName',
  'embossName',
  'birthDate',
  'gender',
  'motherName',
  'email',
  'dddCellPhone',
  'cellPhone',
  'zipCode',
  'addressHome',
  'addressHomeNumber',
  'addressHomecomplement',
  'district',
  'cityHome',
  'cityHomeCode',
  'creditLimit',
] as const;

/** Stands for the proposal id until the provider derives it from the row's idempotency key. */
export const PLACEHOLDER_PROPOSAL_ID = '00000000-0000-4000-8000-000000000000';

export const cardRow = (relationCode: string) =>
  z
    .array(z.string())
    .transform((cells, ctx) => {
      const cell = (f: (typeof CARD_FIELDS)[number]) => (cells[CARD_FIELDS.indexOf(f)] ?? '').trim();
      const cpf = cpfCell.safeParse(cell('documentNumber'));
      if (!cpf.success) {
        ctx.addIssue({ code: 'custom', message: cpf.error.issues[0]?.message ?? r.invalid('CPF'), path: [0] });
        return z.NEVER;
      }
      const zip = onlyDigits(cell('zipCode'));
      if (zip.length !== 8) {
        ctx.addIssue({ code: 'custom', message: messages.holderEdit.invalidCep, path: [9] });
        return z.NEVER;
      }
      const amount = amountCell('Limite').safeParse(cell('creditLimit'));
      if (!amount.success) {
        ctx.addIssue({ code: 'custom', message: amount.error.issues[0]?.message ?? r.invalidAmount, path: [16] });
        return z.NEVER;
      }
      const proposal: ProposalBody = {
        uuid: PLACEHOLDER_PROPOSAL_ID,
        org: ORG,
        logo: 1,
        clientName: cell('clientName'),
        birthDate: typedDateToIso(cell('birthDate')) ?? cell('birthDate'),
        maritalStatus: PROPOSAL_DEFAULTS.maritalStatus,
        gender: cell('gender').toUpperCase() as ProposalBody['gender'],
        documentNumber: cpf.data,
        motherName: cell('motherName'),
        email: cell('email'),
        embossName: cell('embossName').toUpperCase(),
        addressHome: cell('addressHome'),
        addressHomeNumber: cell('addressHomeNumber'),
        addressHomecomplement: cell('addressHomecomplement').replace(/\s/g, ''),
        district: cell('district'),
        cityHome: cell('cityHome'),
        cityHomeCode: cell('cityHomeCode').toUpperCase(),
        zipCode: zip,
        addressWork: '',
        addressNumberWork: '',
        addressWorkComplement: '',
        districtWork: '',
        cityWork: '',
        cityCodeWork: '',
        zipCodeWork: '',
        dddHome: '',
        phoneNumberHome: '',
        dddCellPhone: onlyDigits(cell('dddCellPhone')),
        cellPhone: onlyDigits(cell('cellPhone')),
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
        creditLimit: amount.data,
        typeAddress: 'R',
        dayDue: PROPOSAL_DEFAULTS.dayDue,
        valueIncome: PROPOSAL_DEFAULTS.valueIncome,
      };
      return proposal;
    })
    // The card request screen's own rule for the whole proposal.
    .pipe(proposalBody);

/** The column a proposal field came from, for a refusal without words of its own. */
export const cardColumnOf = (field: PropertyKey | undefined): string => {
  const at = CARD_FIELDS.indexOf(field as (typeof CARD_FIELDS)[number]);
  if (at >= 0) return BULK_COLUMNS.cards[at] as string;
  if (field === 'addressWork') return 'Endereço';
  return 'Dados do portador';
};
