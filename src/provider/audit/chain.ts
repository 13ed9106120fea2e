// The audit chain's check (decision 125), in Node from the key: every link's MAC recomputed over its row as stored,
// every number in sequence, every row of audit_log and card_events linked, and each chain reaching at least the head
// last published outside the database with the same MAC there. A row edited, removed, renumbered or re-linked breaks
// a MAC no one can recompute without the key; rows cut from a chain's end, or cut and written over by later rows,
// fall short of, or differ at, the published head. The database is only read: none of its functions is trusted.
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import type { AuditKeys } from './keys.ts';
import { type ContentRow, chainOf, LINKED_ROW, linkContent, rowsOf, type Source } from './link.ts';

/**
 * What does not hold: a row's content or its link (`content`), a number out of sequence (`sequence`), a link whose
 * row is gone (`missing`), a row with no link (`unlinked`), a chain ending before its published head (`truncated`)
 * or different at it (`rechained`).
 */
export type BreakReason = 'content' | 'sequence' | 'missing' | 'unlinked' | 'truncated' | 'rechained';

export interface BrokenLink {
  /** The company's id; 0 for the chain of rows about no company. */
  chain: number;
  /** The link where it breaks; for `truncated`, the chain's last number (0: none left); null for `unlinked`. */
  seq: number | null;
  /** The row, as the trail names it: a-<audit_log id> or c-<card_events id>; null when no row is concerned. */
  row: string | null;
  reason: BreakReason;
  /** The published head's number, for `truncated` and `rechained`. */
  publishedSeq?: number;
}

export interface ChainHead {
  chain: number;
  seq: number;
  mac: string;
  /** The head row's instant, ISO. */
  at: string;
}

export interface ChainReport {
  /** Links checked. */
  rows: number;
  heads: ChainHead[];
  /** The first break of each broken chain, by chain; then every row without a link. */
  broken: BrokenLink[];
}

/** A published head: where a chain must still reach, with this MAC. */
export type Anchor = Pick<ChainHead, 'seq' | 'mac'>;

const BATCH = 2_000;

/** What the chain reads and writes through: a database, a transaction, or the rotation's raw connection. */
export type ChainExecutor = Pick<DbExecutor, 'execute'>;

export interface LinkRow extends ContentRow {
  seq: string;
  mac: string;
  link_source: Source;
  link_row: string;
}

/** One chain's links from number `from` on, each with its row's content (null columns when the row is gone). */
export async function* linksOf(db: ChainExecutor, chain: number, from: number): AsyncGenerator<LinkRow[]> {
  for (let next = from; ; ) {
    const batch = rowsOf<LinkRow>(
      await db.execute(sql`
        SELECT c.seq::text AS seq, c.mac, c.source AS link_source, c.row_id::text AS link_row, r.*
        FROM audit_chain c ${sql.raw(LINKED_ROW)}
        WHERE c.chain = ${chain} AND c.seq >= ${next}
        ORDER BY c.seq LIMIT ${BATCH}`),
    );
    if (batch.length > 0) yield batch;
    if (batch.length < BATCH) return;
    next = Number((batch[batch.length - 1] as LinkRow).seq) + 1;
  }
}

/** The chains there are: those with links, and those published (a chain deleted whole is still owed). */
export async function chainsOf(db: ChainExecutor, published: Iterable<number> = []): Promise<number[]> {
  const stored = rowsOf<{ chain: number }>(await db.execute(sql`SELECT DISTINCT chain FROM audit_chain`));
  return [...new Set([...stored.map((r) => Number(r.chain)), ...published])].sort((a, b) => a - b);
}

const atOf = (atUs: string) => new Date(Number(BigInt(atUs) / 1000n)).toISOString();

/**
 * Checks one chain. With `from`, only the links after that published head are recomputed (the publisher's check,
 * issue 29): the link there must still carry the published MAC, and the chain goes on from it.
 */
export async function checkChain(
  db: ChainExecutor,
  keys: AuditKeys,
  chain: number,
  published?: Anchor,
  opts: { from?: boolean } = {},
): Promise<{ links: number; head: ChainHead | null; broken: BrokenLink | null }> {
  const anchor = opts.from ? published : undefined;
  let expected = anchor ? anchor.seq : 1;
  let prev = '';
  let links = 0;
  let head: ChainHead | null = null;
  let broken: BrokenLink | null = null;
  let macAtPublished: string | undefined;
  for await (const batch of linksOf(db, chain, expected)) {
    for (const link of batch) {
      const seq = Number(link.seq);
      const row = `${link.link_source}-${link.link_row}`;
      if (seq === published?.seq) macAtPublished = link.mac;
      const reason =
        seq !== expected
          ? 'sequence'
          : anchor && seq === anchor.seq
            ? null
            : link.id === null
              ? 'missing'
              : keys.mac(linkContent(chain, seq, prev, link)) !== link.mac
                ? 'content'
                : null;
      if (reason && !broken) broken = { chain, seq, row, reason };
      prev = link.mac;
      expected = seq + 1;
      links += 1;
      head = { chain, seq, mac: link.mac, at: link.at_us ? atOf(link.at_us) : '' };
    }
  }
  if (published && !broken) {
    const last = head?.seq ?? (anchor ? anchor.seq - 1 : 0);
    if (last < published.seq)
      broken = { chain, seq: last, row: null, reason: 'truncated', publishedSeq: published.seq };
    else if (macAtPublished !== published.mac) {
      broken = { chain, seq: published.seq, row: null, reason: 'rechained', publishedSeq: published.seq };
    }
  }
  return { links, head, broken };
}

/** Every row of audit_log and card_events without a link: written behind the code's back. */
async function unlinkedRows(db: ChainExecutor): Promise<BrokenLink[]> {
  const rows = rowsOf<{ source: Source; id: string; company: number | null }>(
    await db.execute(sql`
      SELECT 'a' AS source, a.id::text AS id, a.company_id AS company FROM audit_log a
      WHERE NOT EXISTS (SELECT 1 FROM audit_chain c WHERE c.source = 'a' AND c.row_id = a.id)
      UNION ALL
      SELECT 'c', e.id::text, e.company_id FROM card_events e
      WHERE NOT EXISTS (SELECT 1 FROM audit_chain c WHERE c.source = 'c' AND c.row_id = e.id)
      ORDER BY 1, 2`),
  );
  return rows.map((r) => ({ chain: chainOf(r.company), seq: null, row: `${r.source}-${r.id}`, reason: 'unlinked' }));
}

/** Checks every chain, each against its published head when there is one (`published`, by chain). */
export async function verifyAuditChain(
  db: ChainExecutor,
  keys: AuditKeys,
  published: ReadonlyMap<number, Anchor> = new Map(),
): Promise<ChainReport> {
  const chains = await chainsOf(db, published.keys());
  const report: ChainReport = { rows: 0, heads: [], broken: [] };
  for (const chain of chains) {
    const { links, head, broken } = await checkChain(db, keys, chain, published.get(chain));
    report.rows += links;
    if (head) report.heads.push(head);
    if (broken) report.broken.push(broken);
  }
  report.broken.push(...(await unlinkedRows(db)));
  return report;
}
