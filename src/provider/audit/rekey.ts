// The audit chain under a new master key (decision 125), inside `npm run secrets:rotate`'s transaction: the chain is
// first checked whole with the current key against its last published head — a rotation never launders a broken
// chain — then every link's MAC is computed again with the next key, in the same order. Only a holder of both keys
// can do this; the new heads are published, signed with the next key, once the transaction has committed.
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SqlRunner } from '../../platform/database.ts';
import { type Anchor, type ChainExecutor, type ChainHead, chainsOf, linksOf, verifyAuditChain } from './chain.ts';
import type { AuditKeys } from './keys.ts';
import { linkContent } from './link.ts';

const dialect = new PgDialect();

/** drizzle's SQL run on the rotation's raw connection. */
export function runnerExecutor(runner: SqlRunner): ChainExecutor {
  const execute = (query: Parameters<ChainExecutor['execute']>[0]) => {
    const q = dialect.sqlToQuery(query as Parameters<PgDialect['sqlToQuery']>[0]);
    return runner.query(q.sql, q.params);
  };
  return { execute: execute as unknown as ChainExecutor['execute'] };
}

export class ChainNotRekeyed extends Error {
  constructor(broken: number) {
    super(
      `a trilha de auditoria não confere com a chave atual (${broken} quebra(s)): rode npm run audit:verify e ` +
        'investigue antes de trocar a chave',
    );
    this.name = 'ChainNotRekeyed';
  }
}

/** Re-keys every link; returns the new heads, to publish after the commit. Nothing on a database without the chain. */
export async function rekeyAuditChain(
  runner: SqlRunner,
  current: AuditKeys,
  next: AuditKeys,
  published: ReadonlyMap<number, Anchor>,
): Promise<ChainHead[] | null> {
  const { rows: exists } = await runner.query<{ found: string | null }>(`select to_regclass('audit_chain') as found`);
  if (!exists[0]?.found) return null;
  const db = runnerExecutor(runner);
  const report = await verifyAuditChain(db, current, published);
  if (report.broken.length > 0) throw new ChainNotRekeyed(report.broken.length);
  const heads: ChainHead[] = [];
  for (const chain of await chainsOf(db)) {
    let prev = '';
    let head: ChainHead | null = null;
    for await (const batch of linksOf(db, chain, 1)) {
      const macs = batch.map((link) => {
        prev = next.mac(linkContent(chain, Number(link.seq), prev, link));
        return { seq: Number(link.seq), mac: prev };
      });
      const values = sql.join(
        macs.map((l) => sql`(${l.seq}::bigint, ${l.mac})`),
        sql`, `,
      );
      await db.execute(sql`UPDATE audit_chain c SET mac = v.mac FROM (VALUES ${values}) AS v(seq, mac)
        WHERE c.chain = ${chain} AND c.seq = v.seq`);
      const last = macs[macs.length - 1];
      const was = report.heads.find((h) => h.chain === chain);
      if (last && was) head = { ...was, mac: last.mac };
    }
    if (head) heads.push(head);
  }
  return heads;
}
