// The company's spend (issue 27, decision 118) at a million authorizations, on PGlite and on PostgreSQL: the first
// page of the screen's default (the last 30 days, with its totals), the first page of a whole year with its totals,
// a keyset page deep in the year (the cursor of the 900,000th row), later pages without totals, and the filters
// (status, international with an amount range, a holder's card). Through the provider's own service code (no HTTP),
// rounds interleaved so a busy machine slows all alike; p50/p95 per query. Not a test: nothing asserts.
//
// The demo is kept between runs (PGlite under .bench-data/spend, PostgreSQL in fidis_bench_spend); the authorizations
// are added once to the first company, spread over a year across its holders, and reused by later runs.
// Knobs: BENCH_ENGINES (pglite,postgres), BENCH_ACCOUNTS (2000), BENCH_ROWS (1000000), BENCH_ROUNDS (10), BENCH_PG_URL.
import { asc, eq, sql } from 'drizzle-orm';
import type { SpendFilters } from '../src/contracts/spend.ts';
import type { DatabaseHandle } from '../src/platform/database.ts';
import { createDb, type Db } from '../src/provider/db/client.ts';
import { accounts, cards, companies } from '../src/provider/db/schema.ts';
import { companySpend, spendPeriod } from '../src/provider/services/spend.ts';
import { eachEngine, seconds } from './support/databases.ts';
import { loadAverage, ms, quantiles, timeInRounds } from './support/figures.ts';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 2000);
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const PER_ROUND = 5;
const CHUNK = 100_000;
/** One row every 31 seconds back from now: a million rows reach about a year. */
const STEP_SECONDS = 31;

/** Adds the rows the bench wants to the first company, once: statuses, currencies and amounts vary by the row. */
async function ensureRows(db: Db, companyId: number) {
  const [have] = (
    (await db.execute(
      sql`select count(*)::int as n from authorizations a join accounts c on c.id = a.account_id where c.company_id = ${companyId}`,
    )) as unknown as { rows: { n: number }[] }
  ).rows;
  const missing = ROWS - (have?.n ?? 0);
  if (missing <= 0) return;
  const started = performance.now();
  // The holders numbered once, so each chunk joins on a plain key (g % n = i) rather than an expression of both sides.
  await db.execute(sql`drop table if exists bench_holders`);
  await db.execute(
    sql`create table bench_holders as select id, (row_number() over (order by account_number) - 1)::int as i
        from accounts where company_id = ${companyId}`,
  );
  const [count] = (
    (await db.execute(sql`select count(*)::int as n from bench_holders`)) as unknown as { rows: { n: number }[] }
  ).rows;
  const n = count?.n ?? 1;
  for (let from = 1; from <= missing; from += CHUNK) {
    const to = Math.min(missing, from + CHUNK - 1);
    await db.execute(sql`
      insert into authorizations (account_id, tms_incl, num_authorization, establishment_name, qtd_parcel, coin_code,
        main_value, value_brl, desc_response_transaction, desc_drop, transaction_type)
      select h.id, now() - make_interval(secs => g * ${STEP_SECONDS}), lpad((g % 1000000)::text, 6, '0'),
        'LOJA BENCH ' || (g % 97), 1, case when g % 9 = 0 then 840 else 986 end,
        ((g % 250000) / 100.0 + 1)::numeric(15, 2),
        (case when g % 9 = 0 then 5.4 else 1 end * ((g % 250000) / 100.0 + 1))::numeric(15, 2),
        case when g % 10 = 0 then 'SALDO INSUFICIENTE' else 'TRANSACAO APROVADA' end,
        case when g % 10 = 0 then 'NEGADA' when g % 10 = 1 then 'CANCELADA' else 'NORMAL' end, 'COMPRA A VISTA'
      from generate_series(${from}::int, ${to}::int) g join bench_holders h on h.i = g % ${n}::int`);
    console.info(`  added ${to} of ${missing} authorizations (${seconds(started)})`);
  }
  await db.execute(sql`drop table bench_holders`);
  await db.execute(sql`analyze authorizations`);
}

async function measure(engine: string, handle: DatabaseHandle) {
  const db = createDb(handle);
  const [company] = await db.select({ id: companies.id }).from(companies).orderBy(asc(companies.id)).limit(1);
  if (!company) throw new Error('the seeded demo company is missing');
  await ensureRows(db, company.id);
  const [holder] = await db
    .select({ last4: cards.last4 })
    .from(accounts)
    .innerJoin(cards, eq(cards.accountId, accounts.id))
    .where(eq(accounts.companyId, company.id))
    .orderBy(asc(accounts.accountNumber))
    .offset(Math.floor(ACCOUNTS / 2))
    .limit(1);
  const now = new Date();
  const month = spendPeriod(now);
  const yearFrom = new Date(now.getTime() - 365 * 86_400_000).toISOString().slice(0, 10);
  const year = spendPeriod(now, yearFrom);
  const [deep] = (
    (await db.execute(
      sql`select (extract(epoch from tms_incl) * 1000000)::bigint::text || '~' || id as cursor from authorizations
          where tms_incl >= ${year.start} order by tms_incl desc, id desc offset 900000 limit 1`,
    )) as unknown as { rows: { cursor: string }[] }
  ).rows;
  const [total] = (
    (await db.execute(sql`select count(*)::int as n from authorizations`)) as unknown as { rows: { n: number }[] }
  ).rows;
  console.info(`  ${engine}: ${total?.n} authorizations; deep cursor ${deep?.cursor ?? 'none (fewer rows)'}`);

  const spend = (period: typeof month, input: SpendFilters & { after?: string }) => () =>
    companySpend(db, company.id, period, { ...input, maskedCpf: false });
  const queries = [
    { name: 'first page, last 30 days, with totals', run: spend(month, {}) },
    { name: 'first page, a whole year, with totals', run: spend(year, {}) },
    { name: 'page 2 of the year (keyset, no totals)', run: spend(year, { after: '' }) },
    { name: 'deep page: after row 900,000 of the year', run: spend(year, { ...(deep ? { after: deep.cursor } : {}) }) },
    { name: 'NEGADA, last 30 days, with totals', run: spend(month, { status: 'NEGADA' }) },
    {
      name: 'international, R$ 500-1.000, 30 days',
      run: spend(month, { region: 'internacional', min: '50000', max: '100000' }),
    },
    { name: `one card (final ${holder?.last4}), a year`, run: spend(year, { q: holder?.last4 ?? '0000' }) },
  ].map((q) => ({ ...q, samples: [] as number[], rows: 0 }));
  // Page 2 needs the first page's cursor.
  const first = await spend(year, {})();
  queries[2]!.run = spend(year, { ...(first.next ? { after: first.next } : {}) });

  for (const q of queries) {
    const answer = await q.run();
    q.rows = answer.transactions.length;
    for (let i = 0; i < 3; i++) await q.run();
  }
  await timeInRounds(queries, ROUNDS, { perRound: () => PER_ROUND });
  console.info(`\n  ${engine}, load average ${loadAverage()} on this machine`);
  console.info(`  ${'service call, client side'.padEnd(44)}  rows   p50 ms   p95 ms`);
  for (const q of queries) {
    const { p50, p95 } = quantiles(q.samples);
    console.info(`  ${q.name.padEnd(44)}${String(q.rows).padStart(6)} ${ms(p50)} ${ms(p95)}`);
  }
}

await eachEngine(
  { postgres: 'fidis_bench_spend', pglite: '.bench-data/spend', accounts: ACCOUNTS },
  measure,
  (engine) => `${engine}: ${ACCOUNTS} holders, ${ROWS} authorizations`,
);
