// One link of the audit chain (decision 125): what a link's MAC covers, read the same way by the writer and by the
// check, and the writer itself. Each company has one chain over its audit_log rows and card events together, in the
// order they were written; the rows about no company have chain 0. The MAC is computed here, in Node, under a key the
// database never sees, and the database is asked nothing but to store and return rows: no function of its own runs.
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import type { AuditKeys } from './keys.ts';

export type Source = 'a' | 'c';

/** A row as its link covers it: every column a reader of the trail relies on, read as text by the database. */
export interface ContentRow {
  source: Source;
  id: string;
  company: number | null;
  /** The instant in microseconds since the epoch: free of the session's time zone and of the driver's Date. */
  at_us: string;
  login: string | null;
  name: string | null;
  action: string;
  /** audit_log's target; a card event's card id. */
  target: string;
  before: string | null;
  after: string | null;
  address: string | null;
}

const columns = (t: string, target: string) =>
  `${t}.id::text AS id, ${t}.company_id AS company, (extract(epoch FROM ${t}.at) * 1000000)::bigint::text AS at_us,
   ${t}.actor_login AS login, ${t}.actor_name AS name, ${t}.action AS action, ${target} AS target,
   ${t}.before::text AS before, ${t}.after::text AS after, ${t}.address AS address`;

/** The content columns of each source, `source` first; the table aliased `a` (audit_log) or `e` (card_events). */
export const CONTENT: Record<Source, string> = {
  a: `'a'::text AS source, ${columns('a', 'a.target')}`,
  c: `'c'::text AS source, ${columns('e', 'e.card_id::text')}`,
};
export const TABLE: Record<Source, string> = { a: 'audit_log a', c: 'card_events e' };
const ID: Record<Source, string> = { a: 'a.id', c: 'e.id' };

/**
 * Joins each link `c` of audit_chain to its row's content, as `r` (all columns null when the row is gone). Built from
 * the same columns as the writer reads, so a row reads the same at the check as when it was linked.
 */
export const LINKED_ROW = `LEFT JOIN LATERAL (
    SELECT ${CONTENT.a} FROM audit_log a WHERE c.source = 'a' AND a.id = c.row_id
    UNION ALL
    SELECT ${CONTENT.c} FROM card_events e WHERE c.source = 'c' AND e.id = c.row_id
  ) r ON true`;

export const chainOf = (company: number | null): number => company ?? 0;

/** The text a link's MAC is computed over: the link's place (chain, number, previous MAC) and the row's content. */
export function linkContent(chain: number, seq: number, prev: string, row: ContentRow): string {
  return JSON.stringify([
    'fidis-audit/1',
    chain,
    seq,
    prev,
    row.source,
    row.id,
    row.company,
    row.at_us,
    row.login,
    row.name,
    row.action,
    row.target,
    row.before,
    row.after,
    row.address,
  ]);
}

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The content of the given rows of one source, in id order. */
export async function contentOf(
  tx: Pick<DbExecutor, 'execute'>,
  source: Source,
  ids: readonly number[],
): Promise<ContentRow[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  return rowsOf<ContentRow>(
    await tx.execute(
      sql`SELECT ${sql.raw(CONTENT[source])} FROM ${sql.raw(TABLE[source])} WHERE ${sql.raw(ID[source])} IN (${list})
          ORDER BY ${sql.raw(ID[source])}`,
    ),
  );
}

/** Any constant: the audit chains' own lock space (the migrations' lock is 4 242 001). */
const CHAIN_LOCK = 4_242_003;

/**
 * Appends the rows to their chains, in the order given. Each chain is locked until the transaction ends (chains in
 * ascending order, so two writers never wait for each other crosswise): the next writer of the company reads this
 * link as the head, and the primary key on (chain, number) refuses a fork whatever happens.
 */
export async function linkRows(
  tx: Pick<DbExecutor, 'execute'>,
  keys: AuditKeys,
  rows: readonly ContentRow[],
): Promise<void> {
  const byChain = new Map<number, ContentRow[]>();
  for (const row of rows) {
    const chain = chainOf(row.company);
    byChain.set(chain, [...(byChain.get(chain) ?? []), row]);
  }
  const links: { chain: number; seq: number; source: Source; rowId: number; mac: string }[] = [];
  for (const chain of [...byChain.keys()].sort((a, b) => a - b)) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK}, ${chain})`);
    const [head] = rowsOf<{ seq: string; mac: string }>(
      await tx.execute(
        sql`SELECT c.seq::text AS seq, c.mac FROM audit_chain c WHERE c.chain = ${chain} ORDER BY c.seq DESC LIMIT 1`,
      ),
    );
    let seq = head ? Number(head.seq) : 0;
    let prev = head?.mac ?? '';
    for (const row of byChain.get(chain) ?? []) {
      seq += 1;
      prev = keys.mac(linkContent(chain, seq, prev, row));
      links.push({ chain, seq, source: row.source, rowId: Number(row.id), mac: prev });
    }
  }
  if (links.length === 0) return;
  const values = sql.join(
    links.map((l) => sql`(${l.chain}, ${l.seq}, ${l.source}, ${l.rowId}, ${l.mac})`),
    sql`, `,
  );
  await tx.execute(sql`INSERT INTO audit_chain (chain, seq, source, row_id, mac) VALUES ${values}`);
}
