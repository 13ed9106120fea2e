// Bulk changes (issue 18.2): the feature's schemas and its endpoints' contract entries (routes in routes.ts).
// A CSV row travels as its cells, as typed; each kind's row rule turns them into the body the single-card screens
// send (limitChangeBody, cardBlockBody, proposalBody), so a row is judged by the same rules as the screen's form.
import { z } from 'zod';
import { BLOCK_REASONS, type BlockReason, ORG, PROPOSAL_DEFAULTS } from './constants.ts';
import type { EndpointSpec } from './contract.ts';
import { last4 } from './fields.ts';
import { messages } from './messages.ts';
import { policy } from './policy.ts';
import { isValidProposalCpf, typedDateToIso } from './proposal-rules.ts';
import { cardBlockBody, headerValues, limitChangeBody, type ProposalBody, proposalBody } from './schemas.ts';
import { onlyDigits } from './text.ts';

const m = messages.bulk;
const r = m.reasons;

export const BULK_KINDS = ['limits', 'blocks', 'cards'] as const;
export type BulkKind = (typeof BULK_KINDS)[number];

/** The template's header per kind: the first line of every file, compared without accents, case or spaces. */
export const BULK_COLUMNS = {
  // The amount is the card's new available limit (decision 102); the header names it, so a file written when it
  // was the credit limit is refused for its header rather than read with the other meaning.
  limits: ['CPF', 'Final do cartão', 'Novo limite disponível'],
  blocks: ['CPF', 'Final do cartão', 'Motivo', 'Observação'],
  cards: [
    'CPF',
    'Nome completo',
    'Nome no cartão',
    'Data de nascimento',
    'Sexo',
    'Nome da mãe',
    'E-mail',
    'DDD celular',
    'Celular',
    'CEP',
    'Endereço',
    'Número',
    'Complemento',
    'Bairro',
    'Cidade',
    'UF',
    'Limite',
  ],
} as const satisfies Record<BulkKind, readonly string[]>;

/** The template's example row per kind (a CPF that passes its check digits, a CEP of São Paulo). */
export const BULK_EXAMPLES: Record<BulkKind, readonly string[]> = {
  limits: ['529.982.247-25', '1234', '1.500,00'],
  blocks: ['529.982.247-25', '1234', 'Perda', 'Cartão perdido em viagem'],
  cards: [
    '529.982.247-25',
    'Maria da Silva Santos',
    'MARIA D S SANTOS',
    '15/04/1985',
    'F',
    'Ana da Silva',
    'maria.santos@empresa.com.br',
    '11',
    '912345678',
    '01310-100',
    'Avenida Paulista',
    '1000',
    'Sala 12',
    'Bela Vista',
    'São Paulo',
    'SP',
    '2.000,00',
  ],
};

/** Rows per file; rows per call: at most 100 limit or block rows, 25 card requests, and BULK_CHUNK_BYTES of JSON. */
export const BULK_MAX_FILE_ROWS = 1000;
export const BULK_MAX_ROWS_PER_CALL = 100;
export const BULK_CHUNK: Record<BulkKind, number> = { limits: 100, blocks: 100, cards: 25 };
/**
 * The rows' JSON per call. The BFF takes 64 KiB sealed, and sealing doubles a body (hex) and adds the call's URL
 * and headers, so a call keeps its rows under 24,000 bytes. One row always fits: the browser cuts a cell at
 * BULK_MAX_CELL characters (every field's own limit is at most 200, so a cut cell is still refused by its rule)
 * and drops control characters, so a character is at most 3 bytes of JSON.
 */
export const BULK_CHUNK_BYTES = 24_000;
export const BULK_MAX_CELL = 300;
const MAX_CELL = BULK_MAX_CELL;

const utf8 = new TextEncoder();
/** A file's rows in the calls that carry them, in order. */
export function chunkRows<T extends { line: number; cells: string[] }>(kind: BulkKind, rows: readonly T[]): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = utf8.encode(JSON.stringify(row)).length + 1;
    if (current.length > 0 && (current.length >= BULK_CHUNK[kind] || bytes + size > BULK_CHUNK_BYTES)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** 'Final do cartão' → 'finaldocartao': how a header cell is compared. */
export const headerKey = (cell: string) =>
  cell
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();

/**
 * An amount in reais as a Brazilian spreadsheet writes it: '1.500,00', '1500,5', '1500'; '1500.00' (a dot and two
 * decimals, as some exports write it) too. Null when it is not an amount.
 */
export function parseAmount(text: string): number | null {
  const v = text.replace(/^R\$\s*/i, '').replace(/\s/g, '');
  let normal: string;
  if (/^\d{1,3}(\.\d{3})*(,\d{1,2})?$/.test(v) || /^\d+(,\d{1,2})?$/.test(v)) {
    normal = v.replace(/\./g, '').replace(',', '.');
  } else if (/^\d+\.\d{2}$/.test(v)) normal = v;
  else return null;
  const cents = Math.round(Number(normal) * 100);
  return Number.isSafeInteger(cents) ? cents / 100 : null;
}

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
const cpfCell = z
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

const limitRow = z
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

const blockRow = z
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

const cardRow = (relationCode: string) =>
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
const cardColumnOf = (field: PropertyKey | undefined): string => {
  const at = CARD_FIELDS.indexOf(field as (typeof CARD_FIELDS)[number]);
  if (at >= 0) return BULK_COLUMNS.cards[at] as string;
  if (field === 'addressWork') return 'Endereço';
  return 'Dados do portador';
};

/** The typed fields of limit and block rows, in the template's column order. */
const ROW_FIELDS = ['cpf', 'last4', 'amount', 'description'];

export type LimitRow = { kind: 'limits'; cpf: string; last4: string; amount: number };
export type BlockRow = { kind: 'blocks'; cpf: string; last4: string; reason: BlockReason; description: string };
export type CardRequestRow = { kind: 'cards'; cpf: string; proposal: ProposalBody };
export type ParsedRow = LimitRow | BlockRow | CardRequestRow;

/** A row's cells judged by its kind's rule: the typed row, or the pt-BR reason of its first problem. */
export function parseRow(
  kind: BulkKind,
  cells: readonly string[],
  relationCode: string,
): { ok: true; row: ParsedRow } | { ok: false; reason: string } {
  const expected = BULK_COLUMNS[kind].length;
  // Empty cells a spreadsheet leaves after the last column are no columns.
  if (cells.length > expected && cells.slice(expected).every((c) => c.trim() === '')) {
    return parseRow(kind, cells.slice(0, expected), relationCode);
  }
  if (cells.length !== expected) return { ok: false, reason: r.columns(expected, cells.length) };
  const fallback = {
    error: (issue: { path?: PropertyKey[] }) => {
      const at = issue.path?.[0];
      if (kind === 'cards') return r.invalid(cardColumnOf(at));
      if (at === 'reason') return r.invalidReason;
      const index = typeof at === 'number' ? at : ROW_FIELDS.indexOf(String(at));
      return r.invalid(BULK_COLUMNS[kind][index] ?? BULK_COLUMNS[kind][0]);
    },
  };
  if (kind === 'limits') {
    const p = limitRow.safeParse(cells, fallback);
    return p.success ? { ok: true, row: { kind, ...p.data } } : { ok: false, reason: firstReason(p.error) };
  }
  if (kind === 'blocks') {
    const p = blockRow.safeParse(cells, fallback);
    return p.success ? { ok: true, row: { kind, ...p.data } } : { ok: false, reason: firstReason(p.error) };
  }
  const p = cardRow(relationCode).safeParse([...cells], fallback);
  return p.success
    ? { ok: true, row: { kind, cpf: p.data.documentNumber, proposal: p.data } }
    : { ok: false, reason: firstReason(p.error) };
}

const firstReason = (error: z.ZodError) => error.issues[0]?.message ?? messages.generic.invalidInput;

/** What makes two rows the same change (the idempotency key hashes it with the company and the kind). */
export function rowContent(row: ParsedRow): string {
  // 'disponivel': an amount is an available limit since decision 102, so a row applied when it was the credit limit
  // is not taken for the same change.
  if (row.kind === 'limits') return ['disponivel', row.cpf, row.last4, Math.round(row.amount * 100)].join('|');
  if (row.kind === 'blocks') return [row.cpf, row.last4, row.reason, row.description].join('|');
  const { uuid: _uuid, relationCode: _relation, ...rest } = row.proposal;
  return JSON.stringify(rest);
}

/**
 * Marks a later row with the same key as an earlier one: the provider within a call, the screen across the calls
 * of one file. Rows in error have no key and are left alone.
 */
export function markDuplicates<T extends { line: number; key: string | null; result: string; reason: string | null }>(
  rows: T[],
): T[] {
  const first = new Map<string, number>();
  return rows.map((row) => {
    if (!row.key || row.result === 'ERRO') return row;
    const earlier = first.get(row.key);
    if (earlier === undefined) {
      first.set(row.key, row.line);
      return row;
    }
    return { ...row, result: 'ERRO', reason: r.duplicate(earlier) };
  });
}

// The wire.
const bulkHeaders = z.object({ cnpj: headerValues.cnpj, relationcode: headerValues.relationCode });
const fileRow = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z
    .number()
    .int()
    .min(2)
    .max(BULK_MAX_FILE_ROWS + 1),
  cells: z.array(z.string().max(MAX_CELL)).max(BULK_COLUMNS.cards.length + 3),
});
export const bulkBody = z.object({
  kind: z.enum(BULK_KINDS),
  rows: z.array(fileRow).min(1).max(BULK_MAX_ROWS_PER_CALL),
});
export type BulkBody = z.infer<typeof bulkBody>;

const key = z
  .string()
  .regex(/^[0-9a-f]{64}$/)
  .nullable();
export const previewResult = z.enum(['OK', 'ERRO', 'JA_APLICADA']);
export const applyResult = z.enum(['APLICADA', 'RECUSADA', 'JA_APLICADA']);
export const bulkPreviewResponse = z.object({
  rows: z.array(z.object({ line: z.number(), key, result: previewResult, reason: z.string().nullable() })),
});
export const bulkApplyResponse = z.object({
  rows: z.array(z.object({ line: z.number(), key, result: applyResult, reason: z.string().nullable() })),
});
export type BulkPreviewRow = z.infer<typeof bulkPreviewResponse>['rows'][number];
export type BulkApplyRow = z.infer<typeof bulkApplyResponse>['rows'][number];

export const bulkSpecs = {
  /** Judges every row, writes nothing. */
  bulkPreview: {
    policy: policy.company('cnpj and relationcode headers', 'cards.write'),
    headers: bulkHeaders,
    body: bulkBody,
    response: bulkPreviewResponse,
    errors: ['COMPANY_NOT_FOUND', 'BULK_LINE_REPEATED'],
  },
  /** Applies the rows one by one, each in its own transaction, once per idempotency key. */
  bulkApply: {
    policy: policy.company('cnpj and relationcode headers', 'cards.write', {
      stepUp: 'when stale',
      audits: { trail: 'audit_log', actions: ['bulk.limits', 'bulk.blocks', 'bulk.cards'] },
    }),
    headers: bulkHeaders,
    body: bulkBody,
    response: bulkApplyResponse,
    errors: ['COMPANY_NOT_FOUND', 'BULK_LINE_REPEATED'],
  },
} as const satisfies Record<string, EndpointSpec>;
