// The rows written before the keyed chain (decision 125) join it once, at the first start that has the master key:
// the database alone could not compute their links. Migration 0018 recorded each table's last id at the upgrade, so
// exactly those rows are adopted — audit rows first, then card events, each in id order — and a row slipped in
// afterwards stays unlinked, which the check reports. Runs under the start-up lock, after the migrations.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditKeysOf } from './keys.ts';
import { CONTENT, type ContentRow, linkRows, rowsOf, type Source, TABLE } from './link.ts';

const BATCH = 5_000;
const ALIAS: Record<Source, string> = { a: 'a', c: 'e' };

/** Links the rows the upgrade left unlinked; returns how many. Nothing to do once done. */
export async function adoptLegacyRows(db: Db): Promise<number> {
  const keys = auditKeysOf(db);
  return db.transaction(async (tx) => {
    const marks = rowsOf<{ source: Source; upto: string }>(
      await tx.execute(sql`SELECT source, upto_id::text AS upto FROM audit_chain_legacy ORDER BY source FOR UPDATE`),
    );
    let adopted = 0;
    for (const { source, upto } of marks) {
      const t = ALIAS[source];
      let after = '0';
      for (;;) {
        const rows = rowsOf<ContentRow>(
          await tx.execute(sql`
            SELECT ${sql.raw(CONTENT[source])} FROM ${sql.raw(TABLE[source])}
            WHERE ${sql.raw(`${t}.id`)} > ${after} AND ${sql.raw(`${t}.id`)} <= ${upto}
              AND NOT EXISTS (SELECT 1 FROM audit_chain c WHERE c.source = ${source} AND c.row_id = ${sql.raw(`${t}.id`)})
            ORDER BY ${sql.raw(`${t}.id`)} LIMIT ${BATCH}`),
        );
        await linkRows(tx, keys, rows);
        adopted += rows.length;
        if (rows.length < BATCH) break;
        after = (rows[rows.length - 1] as ContentRow).id;
      }
    }
    await tx.execute(sql`DELETE FROM audit_chain_legacy`);
    return adopted;
  });
}
