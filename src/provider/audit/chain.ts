// The audit trail's tamper-evident chain (decision 086): the database links each company's rows by hash as they are
// inserted (migration 0011); this recomputes every link with the same function and names the first row that does
// not hold. A row edited, removed or reordered behind the code's back breaks its own hash or the next row's link.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export interface BrokenLink {
  id: number;
  companyId: number | null;
  chainSeq: number;
  /** What does not hold: the row's content, its link to the previous row, or its place in the sequence. */
  reason: 'content' | 'link' | 'sequence';
}

export interface ChainHead {
  companyId: number | null;
  chainSeq: number;
  hash: string;
}

export interface ChainReport {
  rows: number;
  /** Each chain's last row: recorded elsewhere, they also reveal rows cut from a chain's end. */
  heads: ChainHead[];
  /** The earliest broken row of each broken chain, the earliest written first. */
  broken: BrokenLink[];
}

interface CheckedRow extends Record<string, unknown> {
  id: number | string;
  company_id: number | null;
  chain_seq: number | string;
  hash: string;
  content_ok: boolean;
  link_ok: boolean;
  seq_ok: boolean;
  is_head: boolean;
}

export async function verifyAuditChain(db: Db): Promise<ChainReport> {
  const rows = (await db.execute(sql`
    SELECT id, company_id, chain_seq, hash,
      hash IS NOT DISTINCT FROM audit_log_row_hash(prev_hash, a) AS content_ok,
      prev_hash IS NOT DISTINCT FROM lag(hash) OVER chain AS link_ok,
      chain_seq = coalesce(lag(chain_seq) OVER chain, 0) + 1 AS seq_ok,
      lead(id) OVER chain IS NULL AS is_head
    FROM audit_log a
    WINDOW chain AS (PARTITION BY coalesce(company_id, 0) ORDER BY chain_seq, id)
    ORDER BY coalesce(company_id, 0), chain_seq, id
  `)) as unknown as { rows: CheckedRow[] };
  const heads: ChainHead[] = [];
  const brokenByChain = new Map<number, BrokenLink>();
  for (const row of rows.rows) {
    const companyId = row.company_id;
    const chainSeq = Number(row.chain_seq);
    if (row.is_head) heads.push({ companyId, chainSeq, hash: row.hash });
    const key = companyId ?? 0;
    if (brokenByChain.has(key)) continue;
    const reason = !row.seq_ok ? 'sequence' : !row.link_ok ? 'link' : !row.content_ok ? 'content' : null;
    if (reason) brokenByChain.set(key, { id: Number(row.id), companyId, chainSeq, reason });
  }
  const broken = [...brokenByChain.values()].sort((a, b) => a.id - b.id);
  return { rows: rows.rows.length, heads, broken };
}
