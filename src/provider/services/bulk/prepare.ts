// What preview and apply share: the company the operator names (the scope step's), each row judged by its kind's rule,
// its idempotency key, the rows of this file repeated, and the keys this company has already applied.
import { and, eq, inArray } from 'drizzle-orm';
import { type BulkBody, type BulkKind, markDuplicates, type ParsedRow, parseRow } from '../../../contracts/bulk.ts';
import { messages } from '../../../contracts/messages.ts';
import type { Db } from '../../db/client.ts';
import { bulkRows } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import type { CompanyScope } from '../../http/scope/types.ts';
import { idempotencyKey } from './keys.ts';

const r = messages.bulk.reasons;

export interface Judged {
  line: number;
  key: string | null;
  result: 'OK' | 'ERRO' | 'JA_APLICADA';
  reason: string | null;
  row: ParsedRow | null;
}

const stamp = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
/** '02/03/2026 09:00' in Brasília time. */
export const when = (at: Date) => stamp.format(at).replace(',', '');

/** Each row judged without touching the database, except to read which keys were already applied. */
export async function judge(db: Db, scope: CompanyScope, body: BulkBody): Promise<Judged[]> {
  const { company } = scope;
  const lines = new Set(body.rows.map((row) => row.line));
  if (lines.size !== body.rows.length) fail('BULK_LINE_REPEATED');
  const kind: BulkKind = body.kind;
  const judged = body.rows.map((fileRow): Judged => {
    const parsed = parseRow(kind, fileRow.cells, company.relationCode);
    if (!parsed.ok) return { line: fileRow.line, key: null, result: 'ERRO', reason: parsed.reason, row: null };
    const key = idempotencyKey(company.id, parsed.row);
    return { line: fileRow.line, key, result: 'OK', reason: null, row: parsed.row };
  });
  const keys = judged.flatMap((j) => (j.key ? [j.key] : []));
  const applied = keys.length
    ? await db
        .select()
        .from(bulkRows)
        .where(
          and(
            eq(bulkRows.companyId, company.id),
            inArray(bulkRows.idempotencyKey, keys),
            eq(bulkRows.outcome, 'APLICADA'),
          ),
        )
    : [];
  const earlier = new Map(applied.map((a) => [a.idempotencyKey, a]));
  return markDuplicates(judged).map((j) => {
    const before = j.key && j.result === 'OK' ? earlier.get(j.key) : undefined;
    if (!before) return j;
    return { ...j, result: 'JA_APLICADA', reason: alreadyReason(before) };
  });
}

export const alreadyReason = (row: typeof bulkRows.$inferSelect) =>
  r.already(when(row.appliedAt), row.actorName ?? row.actorLogin ?? '—');
