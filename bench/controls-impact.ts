// The company default's 30-day preview (issue 30) for the company with the most cards: one statement over every card
// that follows the default, beside what the same figures cost asked card by card (the card preview's query once per
// card, as a screen without the company endpoint would). Through the provider's service code (no HTTP), rounds
// interleaved so a busy machine slows both alike; p50/p95 and the ratio side by side. Not a test: nothing asserts.
// The demo is kept between runs (PGlite under .bench-data/controls, PostgreSQL in fidis_bench_controls); each holder
// card of that company gets PER_CARD purchases in the last 30 days once (groups, channels and amounts varied).
// Knobs: BENCH_ENGINES (pglite,postgres), BENCH_ACCOUNTS (2000), BENCH_PER_CARD (20), BENCH_ROUNDS (5), BENCH_PG_URL.
import { loadavg } from 'node:os';
import { desc, eq, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { OPEN_CONTROLS, type SpendingControls } from '../src/contracts/spending-controls.ts';
import type { DatabaseHandle } from '../src/platform/database.ts';
import { type Db, schema } from '../src/provider/db/client.ts';
import { accounts, cards } from '../src/provider/db/schema.ts';
import type { CardScope, CompanyScope } from '../src/provider/http/scope/types.ts';
import { isPermanentlyBlocked } from '../src/provider/services/cards.ts';
import { companyControlsImpact } from '../src/provider/services/spending/company-impact.ts';
import { controlsImpact } from '../src/provider/services/spending/impact.ts';
import { ENGINES, keptDemo, PG_SERVER } from './support/databases.ts';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PER_CARD = Number(process.env.BENCH_PER_CARD ?? 20);
/** MCCs of restaurants, fuel, cash and bets: some purchases each control declines. */
const MCCS = [5812, 5541, 6011, 7995, 5411];
const CONTROLS: SpendingControls = { ...OPEN_CONTROLS, blockedGroups: ['apostas', 'saques'], dailyLimit: 300 };

const percentile = (sorted: number[], q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN;
const dbOf = (handle: DatabaseHandle) =>
  (handle.kind === 'pglite'
    ? drizzlePglite(handle.client, { schema })
    : drizzleNodePg(handle.client, { schema })) as unknown as Db;

/** PER_CARD purchases in the window for each holder card of the company, added once (marked by their merchant). */
async function ensureRows(db: Db, companyId: number) {
  const marker = 'LOJA BENCH CONTROLES';
  const [have] = await db
    .execute(sql`select count(*)::int as n from authorizations where establishment_name = ${marker}`)
    .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
  if ((have?.n ?? 0) > 0) return;
  await db.execute(sql`
    insert into authorizations (account_id, card_id, tms_incl, num_authorization, establishment_name, main_value,
      value_brl, desc_response_transaction, desc_drop, transaction_type, mcc, merchant_country, channel)
    select c.account_id, c.id, now() - make_interval(secs => (g * 104729 % 2500000)),
      lpad(g::text, 6, '0'), ${marker}, (10 + g * 37 % 400)::numeric(15, 2), (10 + g * 37 % 400)::numeric(15, 2),
      'TRANSACAO APROVADA', 'NORMAL', 'COMPRA A VISTA',
      (array[${sql.raw(MCCS.join(','))}])[1 + g % ${MCCS.length}], case when g % 11 = 0 then 'US' else 'BR' end,
      case when g % 4 = 0 then 'ONLINE' else 'PRESENCIAL' end
    from cards c join accounts a on a.id = c.account_id, generate_series(1, ${PER_CARD}) g
    where a.company_id = ${companyId} and c.card_type = 'TITULAR'`);
  await db.execute(sql`analyze authorizations`);
}

async function measure(engine: string, handle: DatabaseHandle) {
  const db = dbOf(handle);
  const [biggest] = await db
    .select({ companyId: accounts.companyId, n: sql<number>`count(*)::int` })
    .from(accounts)
    .groupBy(accounts.companyId)
    .orderBy(desc(sql`count(*)`))
    .limit(1);
  if (!biggest) throw new Error('the demo has no accounts');
  await ensureRows(db, biggest.companyId);
  const every = await db
    .select({ card: cards, account: accounts })
    .from(cards)
    .innerJoin(accounts, eq(accounts.id, cards.accountId))
    .where(eq(accounts.companyId, biggest.companyId));
  // The same cards the company preview replays: those that can still buy (the demo has no card controls of its own).
  const held = every.filter(({ card, account }) => !isPermanentlyBlocked(card, account));
  const now = new Date();
  const companyScope = { company: { id: biggest.companyId } } as CompanyScope;
  const whole = () => companyControlsImpact(db, companyScope, CONTROLS, now);
  const byCard = async () => {
    let declined = 0;
    for (const { card } of held) {
      declined += (await controlsImpact(db, { card } as CardScope, CONTROLS, now)).wouldDecline;
    }
    return declined;
  };
  const answer = await whole();
  console.info(
    `  ${engine}: company ${biggest.companyId}, ${every.length} cards (${answer.cards} follow the default), ` +
      `${answer.approved} purchases in 30 days, ${answer.wouldDecline} would be declined (card by card: ${await byCard()})`,
  );
  const samples = { whole: [] as number[], byCard: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const order: (keyof typeof samples)[] = round % 2 === 0 ? ['whole', 'byCard'] : ['byCard', 'whole'];
    for (const name of order) {
      const t = performance.now();
      await (name === 'whole' ? whole() : byCard());
      samples[name].push(performance.now() - t);
    }
  }
  const p = (xs: number[], q: number) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      q,
    );
  console.info(`  load average ${loadavg()[0]?.toFixed(1)}; ${ROUNDS} rounds`);
  console.info(`  ${'preview'.padEnd(36)}   p50 ms   p95 ms`);
  for (const [name, label] of [
    ['whole', 'company: one statement'],
    ['byCard', 'card by card: one query per card'],
  ] as const) {
    console.info(
      `  ${label.padEnd(36)} ${p(samples[name], 0.5).toFixed(1).padStart(8)} ${p(samples[name], 0.95).toFixed(1).padStart(8)}`,
    );
  }
  console.info(`  card by card ÷ company (p50): ${(p(samples.byCard, 0.5) / p(samples.whole, 0.5)).toFixed(1)}×`);
}

for (const engine of ENGINES) {
  console.info(`\n${engine}: ${ACCOUNTS} holders`);
  const handle = await keptDemo(engine, {
    postgres: 'fidis_bench_controls',
    pglite: '.bench-data/controls',
    accounts: ACCOUNTS,
  });
  if (!handle) {
    console.info(`  ${engine}: skipped, no server at ${PG_SERVER}`);
    continue;
  }
  try {
    await measure(engine, handle);
  } finally {
    await handle.close();
  }
}
