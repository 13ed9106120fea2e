// The only way the code writes an audit row or a card event (decision 125): inserted and linked into its company's
// chain in one transaction — the caller's, when it writes within one, so the row and its link commit or vanish
// together. The database's triggers still fill the actor's login and name (migration 0003); the link is computed
// over the row as stored, read back after them.
import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../db/client.ts';
import { auditLog, cardEvents } from '../db/schema.ts';
import { auditKeysOf } from './keys.ts';
import { contentOf, linkRows } from './link.ts';

export type NewAuditRow = typeof auditLog.$inferInsert;
export type NewCardEvent = typeof cardEvents.$inferInsert;

/** Runs `work` in the caller's transaction, or in one of its own (the chain's lock lasts until it ends). */
function inTransaction<T>(executor: DbExecutor, work: (tx: DbExecutor) => Promise<T>): Promise<T> {
  return is(executor, PgTransaction) ? work(executor) : executor.transaction(work);
}

/** Writes audit rows and links them; returns their ids in the order given. */
export async function appendAudit(executor: DbExecutor, rows: NewAuditRow | readonly NewAuditRow[]): Promise<number[]> {
  const list = Array.isArray(rows) ? rows : [rows as NewAuditRow];
  if (list.length === 0) return [];
  const keys = auditKeysOf(executor);
  return inTransaction(executor, async (tx) => {
    const ids = (await tx.insert(auditLog).values(list).returning({ id: auditLog.id })).map((r) => r.id);
    await linkRows(tx, keys, await contentOf(tx, 'a', ids));
    return ids;
  });
}

/** Writes one card event and links it. */
export async function appendCardEvent(executor: DbExecutor, row: NewCardEvent): Promise<number> {
  const keys = auditKeysOf(executor);
  return inTransaction(executor, async (tx) => {
    const [inserted] = await tx.insert(cardEvents).values(row).returning({ id: cardEvents.id });
    const id = (inserted as { id: number }).id;
    await linkRows(tx, keys, await contentOf(tx, 'c', [id]));
    return id;
  });
}
