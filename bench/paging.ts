// The account list on a company of a million holders, on PGlite and on PostgreSQL: the first, the middle and the
// last page and a CPF search, each through the provider's own service code (pageAccounts, cardsByDocument and
// the company scope, which the accounts and search routes go through; no HTTP, so only the database work is timed), against
// the same pages read through OFFSET. Samples of every query are interleaved round by round, so a busy machine
// slows all alike; the figures are p50/p95 per query and the OFFSET÷keyset ratio at each position. Not a test:
// nothing asserts, a goal missed is printed as such.
//
// The million-holder databases are made once by the demo seed and kept: PGlite's under .bench-data/, PostgreSQL's
// in its own database (fidis_bench), both reused by later runs.
// Besides the time the service call takes (client side), each fidis query is also run under EXPLAIN ANALYZE to give
// the time spent inside the database, which a saturated machine blurs less than the round trip.
// Knobs: BENCH_ENGINES (pglite,postgres), BENCH_ACCOUNTS (1000000), BENCH_ROUNDS (10), BENCH_PG_URL (the server,
// postgres://postgres@127.0.0.1:5432/test; the bench database is created next to it).
import { and, asc, eq, sql } from 'drizzle-orm';
import { PAGE_SIZE } from '../src/contracts/constants.ts';
import type { DatabaseHandle } from '../src/platform/database.ts';
import type { Db } from '../src/provider/db/client.ts';
import { accounts, cards, companies, portalUsers } from '../src/provider/db/schema.ts';
import { companyScope } from '../src/provider/http/scope/company.ts';
import { pageAccounts } from '../src/provider/services/accounts.ts';
import { cardsByDocument } from '../src/provider/services/cards.ts';
import type { Principal } from '../src/provider/services/sessions.ts';
import { BENCH_DEMO as DEMO, eachEngine, millionDemo, recordingDb, type Statement } from './support/databases.ts';
import { goal, loadAverage, ms, percentile, quantiles, sortedOf, type Timed, timeInRounds } from './support/figures.ts';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
/** Keyset samples per round; OFFSET gets one, or the deep pages would take the whole run. */
const KEYSET_PER_ROUND = 10;
/** Untimed calls of each fidis query before the first round. */
const WARMUP_CALLS = 100;
const GOAL_P95_MS = 5;
const GOAL_RATIO = 20;

// ---- the queries -----------------------------------------------------------------------------------------------

/** pageAccounts' query with OFFSET instead of the keyset: the baseline. */
function offsetPage(db: Db, companyId: number, offset: number) {
  return db
    .select({ accountNumber: accounts.accountNumber, holderName: accounts.holderName, last4: cards.last4 })
    .from(accounts)
    .innerJoin(cards, and(eq(cards.accountId, accounts.id), eq(cards.cardType, 'TITULAR')))
    .where(eq(accounts.companyId, companyId))
    .orderBy(asc(accounts.accountNumber))
    .limit(PAGE_SIZE)
    .offset(offset);
}

/** The account number at a 0-based position of the company's list: the cursor a user holds on the page before. */
async function accountAt(db: Db, companyId: number, position: number): Promise<bigint> {
  const [row] = await db
    .select({ n: accounts.accountNumber })
    .from(accounts)
    .where(eq(accounts.companyId, companyId))
    .orderBy(asc(accounts.accountNumber))
    .limit(1)
    .offset(position);
  if (!row) throw new Error(`no account at position ${position}`);
  return row.n;
}

interface Query extends Timed {
  name: string;
  kind: 'fidis' | 'offset';
  /** The statement the service sent (caught by the drizzle logger) and its in-database times. */
  statement?: Statement;
  inDatabase: number[];
}

async function executionMs(handle: DatabaseHandle, statement: Statement): Promise<number> {
  const plan = await handle.sql.query<Record<string, string>>(
    `explain (analyze, timing off) ${statement.sql}`,
    statement.params,
  );
  const line = plan.rows.map((r) => Object.values(r)[0] ?? '').find((l) => l.startsWith('Execution Time'));
  return Number(line?.match(/[\d.]+/)?.[0] ?? NaN);
}

async function measure(engine: string, handle: DatabaseHandle) {
  const { db, recorder } = recordingDb(handle);
  const [user] = await db.select({ id: portalUsers.id }).from(portalUsers).where(eq(portalUsers.login, DEMO.login));
  const [company] = await db
    .select({ id: companies.id, cnpj: companies.cnpj, relationCode: companies.relationCode })
    .from(companies)
    .orderBy(asc(companies.id))
    .limit(1);
  if (!user || !company) throw new Error('the seeded demo operator or company is missing');
  const companyOfUser = () =>
    companyScope(
      db,
      { userId: user.id } as Principal,
      { cnpj: company.cnpj, relationCode: company.relationCode },
      null,
    );
  const total = (await companyOfUser())?.company.totalSubAccounts ?? 0;
  const pages = Math.ceil(total / PAGE_SIZE);
  const middle = Math.ceil(pages / 2);

  // Untimed set-up: the cursors a user paging one page at a time would hold (the last account of the page before)
  // and a CPF from the middle of the list.
  const middleCursor = await accountAt(db, company.id, (middle - 1) * PAGE_SIZE - 1);
  const lastCursor = await accountAt(db, company.id, (pages - 1) * PAGE_SIZE - 1);
  const [holder] = await db
    .select({ cpf: accounts.documentNumber })
    .from(accounts)
    .where(eq(accounts.accountNumber, await accountAt(db, company.id, Math.floor(total * 0.75))));
  if (!holder) throw new Error('no holder to search for');
  console.info(
    `  ${engine}: ${total} holders, ${pages} pages of ${PAGE_SIZE}; middle = page ${middle}, reached with startAccount=${middleCursor} ` +
      `direction=N (the last account of page ${middle - 1}); last = page ${pages}, startAccount=${lastCursor}; CPF ${holder.cpf}`,
  );

  // Both ways must give the very same page, or the comparison means nothing.
  for (const [label, cursor, offset] of [
    ['first', null, 0],
    ['middle', middleCursor, (middle - 1) * PAGE_SIZE],
    ['last', lastCursor, (pages - 1) * PAGE_SIZE],
  ] as const) {
    const keyset = (await pageAccounts(db, company.id, cursor, cursor === null ? '' : 'N')).map((r) => r.account);
    const viaOffset = (await offsetPage(db, company.id, offset)).map((r) => r.accountNumber.toString());
    if (keyset.join() !== viaOffset.join() || keyset.length === 0)
      throw new Error(`${engine}: the ${label} page differs between keyset and OFFSET`);
  }

  const query = (name: string, kind: Query['kind'], run: () => Promise<unknown>): Query => ({
    name,
    kind,
    run,
    samples: [],
    inDatabase: [],
  });
  const queries = [
    query('total (counter read, companyOfUser)', 'fidis', () => companyOfUser()),
    query('page 1', 'fidis', () => pageAccounts(db, company.id, null, '')),
    query(`page ${middle} (middle)`, 'fidis', () => pageAccounts(db, company.id, middleCursor, 'N')),
    query(`page ${pages} (last)`, 'fidis', () => pageAccounts(db, company.id, lastCursor, 'N')),
    query('CPF search (cardsByDocument)', 'fidis', () => cardsByDocument(db, company.id, holder.cpf)),
    query('page 1, OFFSET 0', 'offset', () => offsetPage(db, company.id, 0)),
    query(`page ${middle}, OFFSET`, 'offset', () => offsetPage(db, company.id, (middle - 1) * PAGE_SIZE)),
    query(`page ${pages}, OFFSET`, 'offset', () => offsetPage(db, company.id, (pages - 1) * PAGE_SIZE)),
  ];

  // Warm-up: plans cached, pages in memory, and the JavaScript on both sides of the call compiled — a single call
  // left the first round's samples several times slower than the rest, which is the JIT, not the query.
  for (const q of queries) {
    for (let i = 0; i < (q.kind === 'fidis' ? WARMUP_CALLS : 1); i++) await q.run();
    if (q.kind === 'fidis') q.statement = recorder.statements.at(-1);
    recorder.statements = [];
  }
  await timeInRounds(queries, ROUNDS, {
    perRound: (q) => (q.kind === 'fidis' ? KEYSET_PER_ROUND : 1),
    after: async (q) => {
      if (q.statement) q.inDatabase.push(await executionMs(handle, q.statement));
    },
  });
  // Only the warm-up's statements were wanted; the timed calls' are not kept.
  recorder.statements = [];

  console.info(`\n  ${engine}, load average ${loadAverage()} on this machine`);
  console.info(`  ${'service call, client side'.padEnd(38)}  p50 ms   p95 ms  samples   in the database: p50   p95`);
  const p = new Map<string, { p50: number; p95: number }>();
  for (const q of queries) {
    const stats = quantiles(q.samples);
    p.set(q.name, stats);
    const inside = sortedOf(q.inDatabase);
    const verdict =
      q.kind === 'offset'
        ? ''
        : stats.p95 <= GOAL_P95_MS
          ? `  ${goal(true, `p95 ≤ ${GOAL_P95_MS} ms`)}`
          : percentile(inside, 0.95) <= GOAL_P95_MS
            ? `  ${goal(true, `p95 ≤ ${GOAL_P95_MS} ms`)} in the database; client p95 > ${GOAL_P95_MS} ms`
            : `  ${goal(false, `p95 ≤ ${GOAL_P95_MS} ms`)}`;
    const db = inside.length ? `${ms(percentile(inside, 0.5))} ${ms(percentile(inside, 0.95))}` : ''.padEnd(17);
    console.info(
      `  ${q.name.padEnd(38)}${ms(stats.p50)} ${ms(stats.p95)} ${String(q.samples.length).padStart(8)}         ${db}${verdict}`,
    );
  }
  const ratio = (offset: string, keyset: string) => (p.get(offset)?.p50 ?? NaN) / (p.get(keyset)?.p50 ?? NaN);
  const first = ratio('page 1, OFFSET 0', 'page 1');
  const mid = ratio(`page ${middle}, OFFSET`, `page ${middle} (middle)`);
  const last = ratio(`page ${pages}, OFFSET`, `page ${pages} (last)`);
  console.info(
    `  OFFSET ÷ keyset (p50): first ${first.toFixed(1)}×, middle ${mid.toFixed(1)}×, last ${last.toFixed(1)}× (${goal(last >= GOAL_RATIO, `last ≥ ${GOAL_RATIO}×`)})`,
  );

  // The total shown on every page is the company's counter: one row read by primary key, never a COUNT.
  const plan = (await db.execute(
    sql`explain select ${companies.id}, ${companies.totalSubAccounts} from ${companies} inner join user_companies uc on uc.company_id = ${companies.id} and uc.user_id = ${user.id} where ${companies.cnpj} = ${company.cnpj} and ${companies.relationCode} = ${company.relationCode}`,
  )) as unknown as { rows: Record<string, string>[] };
  const lines = plan.rows.map((r) => Object.values(r)[0]);
  const counted = performance.now();
  const [real] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .where(eq(accounts.companyId, company.id));
  const countMs = performance.now() - counted;
  console.info(
    `  total: companyOfUser reads companies.total_sub_accounts = ${total} (COUNT(*) once, for comparison: ${real?.n} ` +
      `in ${countMs.toFixed(0)} ms); its plan has ${lines.some((l) => /Aggregate/.test(l ?? '')) ? 'an Aggregate!' : 'no Aggregate'}:`,
  );
  for (const line of lines) console.info(`    ${line}`);
}

await eachEngine(millionDemo('paging', ACCOUNTS, 'fidis_bench'), measure);
