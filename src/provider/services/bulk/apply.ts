// The apply: row after row, each in its own transaction that claims the row's idempotency key, runs the row through
// its screen's service (in a savepoint), and records the outcome with an audit_log row. A key already applied
// answers its earlier outcome and writes nothing; a refused row leaves only its RECUSADA record, which a later
// upload may retry.
import { and, eq, sql } from 'drizzle-orm';
import type { BulkApplyRow, BulkBody } from '../../../contracts/bulk.ts';
import { messages } from '../../../contracts/messages.ts';
import { appendAudit } from '../../audit/append.ts';
import type { Db } from '../../db/client.ts';
import { bulkRows } from '../../db/schema.ts';
import type { CompanyScope } from '../../http/scope/types.ts';
import type { ChangeAt } from '../card-controls.ts';
import { alreadyReason, type Judged, judge } from './prepare.ts';
import { refusalOf, runRow } from './run-row.ts';

interface Log {
  error(obj: object, msg: string): void;
}

export interface ApplyOrigin {
  address: string | null;
  log: Log;
}

export async function applyBulk(
  db: Db,
  scope: CompanyScope,
  body: BulkBody,
  at: Date,
  origin: ApplyOrigin,
): Promise<BulkApplyRow[]> {
  const judged = await judge(db, scope, body);
  const out: BulkApplyRow[] = [];
  for (const j of judged) {
    if (j.result === 'ERRO' || !j.row || !j.key) {
      out.push({ line: j.line, key: j.key, result: 'RECUSADA', reason: j.reason });
      continue;
    }
    out.push(await applyRow(db, scope, body.kind, j, at, origin));
  }
  return out;
}

async function applyRow(
  db: Db,
  scope: CompanyScope,
  kind: BulkBody['kind'],
  j: Judged,
  at: Date,
  origin: ApplyOrigin,
): Promise<BulkApplyRow> {
  const { line, row } = j;
  const key = j.key as string;
  const { principal, company } = scope;
  const actor: ChangeAt = { at, address: origin.address };
  const record = {
    outcome: 'APLICADA',
    reason: null,
    actorUserId: principal.userId,
    actorLogin: principal.login,
    actorName: principal.name.slice(0, 60),
    appliedAt: at,
  };
  const thisRow = and(eq(bulkRows.companyId, company.id), eq(bulkRows.idempotencyKey, key));
  try {
    return await db.transaction(async (tx) => {
      // The claim: a new key, or one whose earlier try was refused. Two uploads at once wait here for each other.
      const claimed = await tx
        .insert(bulkRows)
        .values({ companyId: company.id, idempotencyKey: key, kind, ...record })
        .onConflictDoUpdate({
          target: [bulkRows.companyId, bulkRows.idempotencyKey],
          set: record,
          where: sql`${bulkRows.outcome} = 'RECUSADA'`,
        })
        .returning({ key: bulkRows.idempotencyKey });
      if (claimed.length === 0) {
        const [before] = await tx.select().from(bulkRows).where(thisRow);
        return { line, key, result: 'JA_APLICADA', reason: before ? alreadyReason(before) : null };
      }
      let done: Awaited<ReturnType<typeof runRow>>;
      try {
        done = await tx.transaction((sp) => runRow(sp, scope, actor, row as NonNullable<typeof row>, key));
      } catch (error) {
        const reason = refusalOf(error);
        if (reason === null) throw error;
        await tx.update(bulkRows).set({ outcome: 'RECUSADA', reason }).where(thisRow);
        return { line, key, result: 'RECUSADA', reason };
      }
      await appendAudit(tx, {
        actorUserId: principal.userId,
        at,
        action: `bulk.${kind}`,
        target: done.target,
        companyId: company.id,
        address: origin.address,
        before: null,
        after: { line, idempotencyKey: key, ...done.after },
      });
      return { line, key, result: 'APLICADA', reason: null };
    });
  } catch (error) {
    // Anything unexpected rolled the whole row back (no record, no change): the row says so, the others go on.
    origin.log.error({ err: error, line }, 'bulk apply row failed');
    return { line, key, result: 'RECUSADA', reason: messages.bulk.reasons.unexpected };
  }
}
