// Bulk changes (issue 18.2): a row's cells judged by its kind's rule, and what makes two rows the same change.
import type { z } from 'zod';
import { backToCompanyDefault, companyDefaultRow, controlsReason, controlsRow } from './bulk-controls-row.ts';
import { BULK_COLUMNS, type BulkKind } from './bulk-format.ts';
import { blockRow, cardColumnOf, cardRow, limitRow } from './bulk-row-rules.ts';
import type { BlockReason } from './constants.ts';
import { messages } from './messages.ts';
import type { ProposalBody } from './schemas.ts';
import type { SpendingControls } from './spending-controls.ts';

const r = messages.bulk.reasons;

/** The typed fields of limit and block rows, in the template's column order. */
const ROW_FIELDS = ['cpf', 'last4', 'amount', 'description'];

export type LimitRow = { kind: 'limits'; cpf: string; last4: string; amount: number };
export type BlockRow = { kind: 'blocks'; cpf: string; last4: string; reason: BlockReason; description: string };
export type CardRequestRow = { kind: 'cards'; cpf: string; proposal: ProposalBody };
/** `controls: null` puts the card back on the company's default (the card screen's "Seguir o padrão da empresa"). */
export type ControlsRow = { kind: 'controls'; cpf: string; last4: string; controls: SpendingControls | null };
export type ParsedRow = LimitRow | BlockRow | CardRequestRow | ControlsRow;

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
  if (kind === 'controls') {
    const p = (backToCompanyDefault(cells) ? companyDefaultRow : controlsRow).safeParse(cells, fallback);
    if (p.success) return { ok: true, row: { kind, ...p.data } };
    const issue = p.error.issues[0];
    return { ok: false, reason: issue ? controlsReason(issue) : messages.generic.invalidInput };
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
  // The controls as the schema normalised them (groups in one order, amounts as numbers): 1.500,00 and 1500 agree.
  if (row.kind === 'controls') return [row.cpf, row.last4, JSON.stringify(row.controls)].join('|');
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
