// The card network's authorization path (issue 30): POST /v1/network/authorizations on the real provider (its own
// process, as start.ts builds it), on PGlite and on PostgreSQL, with the portal's reads (the account list, signed in)
// running beside it from the same load process. The goal is p99 ≤ 10 ms at the highest rate the machine holds
// (decision 148): the network's requests arrive at a rate, as a card network sends them, step after step, and the
// highest step answered at its rate with p99 ≤ 10 ms is the rate the machine holds; the portal's reads arrive beside
// them at their own steady rate. A last step sends as fast as answered (closed loop) for the machine's ceiling,
// where the latency is only queueing. A goal missed is printed as such; nothing asserts.
//
// The demo is kept between runs (bench/support/databases.ts keptDemo); every usable holder card gets a limit no
// purchase of the bench exhausts, and the company a default with controls, so each purchase goes through the
// whole path (card, limit, controls, day and month sums).
// Knobs: BENCH_ENGINES (pglite,postgres), BENCH_DURATION_S (5), BENCH_RATES (50,100,200,300,400: the network's
// requests a second), BENCH_CEILING_CONNECTIONS (16; 0 skips the closed-loop step), BENCH_PORTAL_RATE (100 reads a
// second; 0 runs the network alone), BENCH_FLOOR (1: after each rate, the same arrivals sent to GET /health, one
// `select 1`, beside the same portal load — the floor no path can go under on this machine; 0 skips it),
// BENCH_PROVIDER_ARGS (Node flags for the provider's process, e.g. `--trace-gc` to see its collections).
// Each step also prints the provider's own time for what the network side sent (arrival → answer, Fastify's
// elapsedTime): what the wire and the load process add is the difference with the load side's figure.
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { TEST_NETWORK_KEY } from '../src/platform/config.ts';
import type { DatabaseOptions } from '../src/platform/database.ts';
import { createDb } from '../src/provider/db/client.ts';
import { accounts, authorizations, cards, companies, spendingControls } from '../src/provider/db/schema.ts';
import type { NetworkJob, NetworkResult, Side } from './network-load.ts';
import { benchDatabaseUrl, ENGINES, keptDemo } from './support/databases.ts';
import { goal, loadAverage, percentile, sortedOf } from './support/figures.ts';
import { askServer, forkServer, type LoopDelay, loadProcess, stopServer } from './support/processes.ts';
import { signInDemo } from './support/sealed-client.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const RATES = (process.env.BENCH_RATES ?? '50,100,200,300,400').split(',').map(Number);
const CEILING_CONNECTIONS = Number(process.env.BENCH_CEILING_CONNECTIONS ?? 16);
const PORTAL_RATE = Number(process.env.BENCH_PORTAL_RATE ?? 100);
/** BENCH_FLOOR=0 skips the floor step after each rate (GET /health paced alike, the portal's load beside). */
const FLOOR = process.env.BENCH_FLOOR !== '0';
/** A step holds its rate when it answered at least this share of it (autocannon's pacing is not exact). */
const HELD_SHARE = 0.95;
const GOAL_P99_MS = 10;
const KEPT = { postgres: 'fidis_bench_network', pglite: '.bench-data/network', accounts: 300 };

const ms = (v: number) => `${v.toFixed(2)} ms`;

async function prepare(engine: string): Promise<{ options: DatabaseOptions; cardIds: string[] } | null> {
  const handle = await keptDemo(engine, KEPT);
  if (!handle) return null;
  const db = createDb(handle);
  const usable = await db
    .select({ id: cards.id, accountId: cards.accountId, companyId: accounts.companyId })
    .from(cards)
    .innerJoin(accounts, eq(accounts.id, cards.accountId))
    .where(and(eq(cards.status, 'Actived'), eq(cards.activeFlag, 'S'), eq(accounts.statusDescription, 'NORMAL')));
  for (const card of usable) {
    await db.update(accounts).set({ creditLimit: '999999999.00' }).where(eq(accounts.id, card.accountId));
  }
  for (const { id } of await db.select({ id: companies.id }).from(companies)) {
    await db.delete(spendingControls).where(and(eq(spendingControls.companyId, id), isNull(spendingControls.cardId)));
    await db.insert(spendingControls).values({
      companyId: id,
      blockedGroups: ['apostas'],
      international: false,
      online: true,
      cashWithdrawal: false,
      maxPerPurchase: '5000.00',
      dailyLimit: '900000000.00',
      monthlyLimit: '900000000.00',
    });
  }
  // What earlier runs authorized is gone before this one: every run starts from the seed's history. Kept, it grew by
  // a run's thousands of approved and never settled purchases, and every read of a limit (the portal's account page
  // beside, the path's own sum of what an account holds) grew with it: run after run, p50 4.4 → 9.5 ms.
  const earlier = await db
    .delete(authorizations)
    .where(isNotNull(authorizations.networkRequestId))
    .returning({ id: authorizations.id });
  if (earlier.length > 0) await handle.sql.query('vacuum analyze authorizations');
  console.info(`  ${engine}: ${earlier.length} authorizations of earlier runs removed`);
  await handle.close();
  const options: DatabaseOptions =
    engine === 'postgres' ? { databaseUrl: await benchDatabaseUrl(KEPT.postgres) } : { dataDir: KEPT.pglite };
  return { options, cardIds: usable.map((c) => c.id) };
}

/** The demo operator's bearer and first company, as the portal's account list asks them. */
async function portalHeaders(url: string): Promise<Record<string, string>> {
  const auth = { authorization: `Bearer ${await signInDemo(url)}` };
  const list = await fetch(`${url}/v1/corporate/companies`, { headers: auth });
  const [company] = ((await list.json()) as { companies: { cnpj: string; relationCode: string }[] }).companies;
  return { ...auth, cnpj: company?.cnpj ?? '', relationcode: company?.relationCode ?? '' };
}

function line(name: string, side: Side, elapsedMs: number) {
  const sorted = sortedOf(side.latencies);
  const rate = side.latencies.length / (elapsedMs / 1000);
  return {
    rate,
    p99: percentile(sorted, 0.99),
    text: `${name.padEnd(8)} ${rate.toFixed(0).padStart(6)} req/s  p50 ${ms(percentile(sorted, 0.5))}  p99 ${ms(percentile(sorted, 0.99))}  non-2xx ${side.non2xx}  errors ${side.errors}`,
  };
}

/** The provider's own stalls over a step: an answer can be no faster than the event loop that writes it. */
const loopLine = (loop: LoopDelay) =>
  `provider event loop delay  p50 ${ms(loop.p50)}  p99 ${ms(loop.p99)}  max ${ms(loop.max)}`;
/**
 * The provider's own view of a step: its event loop's stalls, and its time for what the network side sent (arrival
 * to answer, without the wire and the load process).
 */
function printProvider(loop: LoopDelay) {
  console.info(`          ${loopLine(loop)}`);
  const served = loop.served;
  if (served && served.count > 0) {
    console.info(
      `          in the provider (arrival → answer)  p50 ${ms(served.p50)}  p99 ${ms(served.p99)}  max ${ms(served.max)}`,
    );
  }
}

async function bench(engine: string) {
  const prepared = await prepare(engine);
  if (!prepared) return;
  const { child, url } = await forkServer(new URL('./provider-server.ts', import.meta.url), {
    name: `provider (${engine})`,
    args: ['provider'],
    env: { BENCH_DB: JSON.stringify(prepared.options), BENCH_PROVIDER_LOG: 'info', BENCH_TIME_SERVED: '1' },
    ...(process.env.BENCH_PROVIDER_ARGS ? { execArgv: process.env.BENCH_PROVIDER_ARGS.split(' ') } : {}),
  });
  const load = loadProcess<NetworkJob, NetworkResult>(new URL('./network-load.ts', import.meta.url));
  try {
    const headers = await portalHeaders(url);
    const portal = PORTAL_RATE > 0 ? { connections: 4, rate: PORTAL_RATE, headers } : null;
    const job = (connections: number, rate?: number): NetworkJob => ({
      url,
      networkKey: TEST_NETWORK_KEY,
      cardIds: prepared.cardIds,
      connections,
      ...(rate ? { rate } : {}),
      durationS: DURATION_S,
      portal,
    });
    // Warm-up with both sides, as in the steps: the pool's connections, their plans and the JIT are ready before a
    // step is timed (warmed by the network alone, the portal's connections were opened inside the first step).
    await load.run({ ...job(0, RATES[0]), durationS: 3 });
    console.info(
      `\n  ${engine}: ${prepared.cardIds.length} cards, ${DURATION_S} s a step, the portal's reads beside at ${PORTAL_RATE} a second`,
    );
    let held: { rate: number; p99: number } | null = null;
    for (const rate of RATES) {
      await askServer(child, 'loop', 'loop');
      const result = await load.run(job(0, rate));
      const loop = await askServer(child, 'loop', 'loop');
      const network = line('network', result.network, result.elapsedMs);
      const holds = network.rate >= rate * HELD_SHARE && network.p99 <= GOAL_P99_MS;
      console.info(`  ${String(rate).padStart(4)}/s  ${network.text}  ${holds ? 'holds' : 'does not hold'}`);
      if (result.portal) console.info(`          ${line('portal', result.portal, result.elapsedMs).text}`);
      printProvider(loop);
      if (FLOOR) {
        // The same arrivals and the same portal load, each request the provider's cheapest answer: what the machine
        // alone adds to any answer at this rate. A path p99 cannot be brought below this one's.
        const floor = await load.run({ ...job(0, rate), target: 'health' });
        const floorLoop = await askServer(child, 'loop', 'loop');
        const health = line('/health', floor.network, floor.elapsedMs);
        console.info(`          floor: ${health.text}`);
        if (floor.portal) console.info(`          ${line('portal', floor.portal, floor.elapsedMs).text}`);
        printProvider(floorLoop);
      }
      if (holds) held = { rate: network.rate, p99: network.p99 };
      else break;
    }
    if (CEILING_CONNECTIONS > 0) {
      const result = await load.run(job(CEILING_CONNECTIONS));
      const network = line('network', result.network, result.elapsedMs);
      console.info(`  ceiling, ${CEILING_CONNECTIONS} connections as fast as answered: ${network.text}`);
      if (result.portal) console.info(`          ${line('portal', result.portal, result.elapsedMs).text}`);
    }
    const verdict = held ? `held ${held.rate.toFixed(0)} req/s with p99 ${ms(held.p99)}` : 'held no step';
    console.info(
      `  ${engine}: ${verdict}; ${goal(held !== null, `p99 ≤ ${GOAL_P99_MS} ms at a rate held`)}; load average ${loadAverage()}`,
    );
  } finally {
    load.stop();
    await stopServer(child);
  }
}

for (const engine of ENGINES) await bench(engine);
