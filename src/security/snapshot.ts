// A fingerprint of every table of a database. Two equal snapshots mean no row was inserted, updated or deleted
// in between, whatever the table.
import type { SqlRunner } from '../platform/database.ts';

export type Snapshot = ReadonlyMap<string, { rows: number; hash: string }>;

/**
 * `contents`: the row count and an md5 of every row's text in a stable order.
 * `versions`: the row count and the sum of the rows' xmin (the id of the transaction that wrote each version),
 * about five times cheaper. Transaction ids only grow, so any insert, update or delete moves the count or the sum
 * (an update or an insert brings a larger xmin than any it replaces); a row lock alone (select … for update)
 * moves neither, which is what a refused change may leave behind.
 */
export type SnapshotMode = 'contents' | 'versions';

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

const FINGERPRINT: Record<SnapshotMode, string> = {
  contents: `coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '')`,
  versions: `coalesce(sum(t.xmin::text::bigint), 0)::text`,
};

export async function snapshotTables(sql: SqlRunner, mode: SnapshotMode = 'contents'): Promise<Snapshot> {
  const { rows: tables } = await sql.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const parts = tables.map(
    ({ name }) =>
      `select '${name.replaceAll("'", "''")}' as name, count(*)::int as rows, ${FINGERPRINT[mode]} as hash
         from ${quoted(name)} t`,
  );
  if (parts.length === 0) return new Map();
  // One statement, so the snapshot reads every table at the same instant.
  const { rows } = await sql.query<{ name: string; rows: number; hash: string }>(parts.join(' union all '));
  return new Map(rows.map((r) => [r.name, { rows: Number(r.rows), hash: r.hash }]));
}

/** The tables whose count or contents differ, with both counts; empty when nothing changed. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  const changed: string[] = [];
  for (const name of [...names].sort()) {
    const a = before.get(name);
    const b = after.get(name);
    if (a?.hash !== b?.hash || a?.rows !== b?.rows) changed.push(`${name} (${a?.rows ?? '—'} → ${b?.rows ?? '—'})`);
  }
  return changed;
}
