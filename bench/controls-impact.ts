// The company default's 30-day preview (issue 30) for the company with the most cards: one statement over every card
// that follows the default, beside what the same figures cost asked card by card (the card preview's query once per
// card, as a screen without the company endpoint would). Through the provider's service code (no HTTP), rounds
// interleaved so a busy machine slows both alike; p50/p95 and the ratio side by side. Not a test: nothing asserts.
// The demo is kept between runs (PGlite under .bench-data/controls, PostgreSQL in fidis_bench_controls); each holder
// card of that company gets PER_CARD purchases in the last 30 days once (groups, channels and amounts varied).
// Knobs: BENCH_ENGINES (pglite,postgres), BENCH_ACCOUNTS (2000), BENCH_PER_CARD (20), BENCH_ROUNDS (5), BENCH_PG_URL.
import { desc, eq, sql } from 'drizzle-orm';
import { OPEN_CONTROLS, type SpendingControls } from '../src/contracts/spending-controls.ts';
import type { DatabaseHandle } from '../src/platform/database.ts';
import { createDb, type Db } from '../src/provider/db/client.ts';
import { accounts, cards } from '../src/provider/db/schema.ts';
import type { CardScope, CompanyScope } from '../src/provider/http/scope/types.ts';
import { isPermanentlyBlocked } from '../src/provider/services/cards.ts';
import { companyControlsImpact } from '../src/provider/services/spending/company-impact.ts';
import { controlsImpact } from '../src/provider/services/spending/impact.ts';
import { eachEngine } from './support/databases.ts';
import { loadAverage, ms, quantiles, type Timed, timeInRounds } from './support/figures.ts';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PER_CARD = Number(process.env.BENCH_PER_CARD ?? 20);
/** MCCs of restaurants, fuel, cash and bets: some purchases each control declines. */
const MCCS = [5812, 5541, 6011, 7995, 5411];
const CONTROLS: SpendingControls = { ...OPEN_CONTROLS, blockedGroups: ['apostas', 'saques'], dailyLimit: 300 };

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
  const db = createDb(handle);
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
  const legs: (Timed & { label: string })[] = [
    { label: 'company: one statement', run: whole, samples: [] },
    { label: 'card by card: one query per card', run: byCard, samples: [] },
  ];
  await timeInRounds(legs, ROUNDS);
  console.info(`  load average ${loadAverage()}; ${ROUNDS} rounds`);
  console.info(`  ${'preview'.padEnd(36)}   p50 ms   p95 ms`);
  const [company, cardByCard] = legs.map((leg) => {
    const q = quantiles(leg.samples);
    console.info(`  ${leg.label.padEnd(36)} ${ms(q.p50)} ${ms(q.p95)}`);
    return q.p50;
  });
  console.info(`  card by card ÷ company (p50): ${((cardByCard ?? NaN) / (company ?? NaN)).toFixed(1)}×`);
}

await eachEngine({ postgres: 'fidis_bench_controls', pglite: '.bench-data/controls', accounts: ACCOUNTS }, measure);
