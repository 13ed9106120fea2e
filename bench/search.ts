// The cards search (issue 27, decision 115) on a company of a million holders, on PGlite and on PostgreSQL: a name
// (a rare surname, a common first name, three letters, two words, two common words), the last four digits, a CPF's start and a status
// filter, side by side with the spec's CPF search (cardsByDocument), through the provider's own service code (no
// HTTP, so only the database work is timed). Samples of every query are interleaved round by round, so a busy
// machine slows all alike; the figures are p50/p95 per query and each p95 ÷ the CPF search's. Not a test: nothing
// asserts, a goal missed is printed as such. The plan of each query is printed once, to show the index it uses.
//
// The databases are made once by the demo seed and kept (PGlite under .bench-data/search, PostgreSQL in
// fidis_bench_search), reused by later runs; the seed's time is printed when it runs.
// Knobs: BENCH_ENGINES (pglite,postgres), BENCH_ACCOUNTS (1000000), BENCH_ROUNDS (10), BENCH_PG_URL.
import { asc, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/platform/database.ts';
import { accounts, cards, companies } from '../src/provider/db/schema.ts';
import { type CardSearchInput, SEARCH_PLANNER_STATEMENT, searchCards } from '../src/provider/services/card-search.ts';
import { cardsByDocument } from '../src/provider/services/cards.ts';
import { eachEngine, millionDemo, recordingDb, type Statement } from './support/databases.ts';
import { goal, loadAverage, ms, quantiles, type Timed, timeInRounds } from './support/figures.ts';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const PER_ROUND = 10;
const WARMUP_CALLS = 20;
const GOAL_P95_MS = 50;

/** EXPLAIN ANALYZE of a statement, planned as the search plans its statements (SEARCH_PLANNER_STATEMENT). */
async function explain(handle: DatabaseHandle, statement: Statement): Promise<string[]> {
  const text = `explain (analyze, timing off) ${statement.sql}`;
  if (handle.kind === 'pglite') {
    return handle.client.transaction(async (tx) => {
      await tx.query(SEARCH_PLANNER_STATEMENT);
      const plan = await tx.query<Record<string, string>>(text, [...statement.params]);
      return plan.rows.map((r) => Object.values(r)[0] ?? '');
    });
  }
  const client = await handle.client.connect();
  try {
    await client.query('begin');
    await client.query(SEARCH_PLANNER_STATEMENT);
    const plan = await client.query<Record<string, string>>(text, [...statement.params]);
    await client.query('commit');
    return plan.rows.map((r) => Object.values(r)[0] ?? '');
  } finally {
    client.release();
  }
}

/** The plan's lines that say how rows were found (the scans), and its execution time. */
async function planOf(handle: DatabaseHandle, statement: Statement) {
  const lines = await explain(handle, statement);
  const scans = lines
    .map((l) => l.trim().replace(/^->\s*/, ''))
    .filter((l) => /Scan/.test(l))
    .map((l) => l.replace(/\s+\(.*$/, ''));
  return { scans: [...new Set(scans)], execution: lines.find((l) => l.startsWith('Execution Time')) ?? '' };
}

interface Query extends Timed {
  name: string;
  found: number;
}

async function measure(engine: string, handle: DatabaseHandle) {
  const { db, recorder } = recordingDb(handle);
  const [company] = await db
    .select({ id: companies.id, total: companies.totalSubAccounts })
    .from(companies)
    .orderBy(asc(companies.id))
    .limit(1);
  if (!company) throw new Error('the seeded demo company is missing');
  // What an operator would type, taken from holders three quarters down the list: their CPF, their card's end, and
  // the words of their name.
  const [holder] = await db
    .select({ cpf: accounts.documentNumber, name: accounts.holderName, last4: cards.last4 })
    .from(accounts)
    .innerJoin(cards, eq(cards.accountId, accounts.id))
    .where(eq(accounts.companyId, company.id))
    .orderBy(asc(accounts.accountNumber))
    .limit(1)
    .offset(Math.floor(company.total * 0.75));
  if (!holder) throw new Error('no holder to search for');
  const [first, middle, last] = holder.name.split(' ') as [string, string, string];
  console.info(
    `  ${engine}: ${company.total} holders; searching for ${holder.name}, CPF ${holder.cpf}, final ${holder.last4}`,
  );

  const search = (input: Omit<CardSearchInput, 'maskedCpf'>) => () =>
    searchCards(db, company.id, { ...input, maskedCpf: false });
  const query = (name: string, run: () => Promise<unknown>): Query => ({ name, run, samples: [], found: 0 });
  const queries = [
    query('CPF search (cardsByDocument), baseline', () => cardsByDocument(db, company.id, holder.cpf)),
    query('search: whole CPF', search({ q: holder.cpf })),
    query('search: CPF start, 6 digits', search({ q: holder.cpf.slice(0, 6) })),
    query('search: last 4 digits', search({ q: holder.last4 })),
    query(`search: name, "${first} ${last}"`, search({ q: `${first} ${last}` })),
    query(`search: name, surname "${middle}"`, search({ q: middle })),
    query('search: name, "maria" (common)', search({ q: 'maria' })),
    query('search: name, "maria silva" (two common)', search({ q: 'maria silva' })),
    query(`search: name, 3 letters "${last.slice(0, 3).toLowerCase()}"`, search({ q: last.slice(0, 3) })),
    query('search: status perda', search({ status: 'perda' })),
    query(`search: "${middle}" + status perda`, search({ q: middle, status: 'perda' })),
  ];

  // One call each, its statements explained: which index found the rows.
  console.info(`\n  ${engine}: plans (the scans each statement uses)`);
  for (const q of queries) {
    recorder.statements = [];
    const answer = (await q.run()) as { subAccounts?: unknown[] } | unknown[];
    q.found = Array.isArray(answer) ? answer.length : (answer.subAccounts?.length ?? 0);
    const statements = recorder.statements.filter((s) => /from "accounts"/.test(s.sql));
    for (const statement of statements) {
      const plan = await planOf(handle, statement);
      console.info(`    ${q.name}: ${plan.scans.join('; ')} (${plan.execution})`);
    }
  }
  for (const q of queries) for (let i = 0; i < WARMUP_CALLS; i++) await q.run();
  await timeInRounds(queries, ROUNDS, { perRound: () => PER_ROUND });

  console.info(`\n  ${engine}, load average ${loadAverage()} on this machine`);
  console.info(`  ${'service call, client side'.padEnd(44)}  rows   p50 ms   p95 ms  p95 ÷ CPF search`);
  const baseline = quantiles(queries[0]?.samples ?? []).p95;
  for (const q of queries) {
    const { p50, p95 } = quantiles(q.samples);
    console.info(
      `  ${q.name.padEnd(44)}${String(q.found).padStart(6)} ${ms(p50)} ${ms(p95)} ${(p95 / baseline).toFixed(1).padStart(8)}×  ${goal(p95 <= GOAL_P95_MS, `p95 ≤ ${GOAL_P95_MS} ms`)}`,
    );
  }
  const [size] = (
    (await db.execute(
      sql`select pg_size_pretty(pg_relation_size('accounts_name_prefixes')) as words, pg_size_pretty(pg_relation_size('cards_last4_titular')) as last4`,
    )) as unknown as { rows: { words: string; last4: string }[] }
  ).rows;
  console.info(`  index sizes: name word starts ${size?.words}, last four ${size?.last4}`);
}

await eachEngine(millionDemo('search', ACCOUNTS), measure);
