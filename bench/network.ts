// The card network's authorization path (issue 30): POST /v1/network/authorizations on the real provider (its own
// process, as start.ts builds it), on PGlite and on PostgreSQL, with the portal's reads (the account list, signed in)
// running beside it from the same load process. Steps of more network connections find the highest rate the
// machine holds; each step prints the rate and p50/p99 of the network's answers and of the portal's. The goal is
// p99 ≤ 10 ms at the highest rate; a goal missed is printed as such, nothing asserts.
//
// The demo is kept between runs (bench/support/databases.ts keptDemo); every usable holder card gets a limit no
// purchase of the bench exhausts, and the company a default with controls, so each purchase goes through the
// whole path (card, limit, controls, day and month sums).
// Knobs: BENCH_ENGINES (pglite,postgres), BENCH_DURATION_S (5), BENCH_CONNECTIONS (1,4,16), BENCH_PORTAL_CONNECTIONS (2).
import { loadavg } from 'node:os';
import { and, eq, isNull } from 'drizzle-orm';
import { TEST_NETWORK_KEY } from '../src/platform/config.ts';
import type { DatabaseOptions } from '../src/platform/database.ts';
import { createDb } from '../src/provider/db/client.ts';
import { accounts, cards, companies, spendingControls } from '../src/provider/db/schema.ts';
import type { NetworkJob, NetworkResult, Side } from './network-load.ts';
import { BENCH_DEMO, benchDatabaseUrl, ENGINES, keptDemo } from './support/databases.ts';
import { forkServer, loadProcess, stopServer } from './support/processes.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const STEPS = (process.env.BENCH_CONNECTIONS ?? '1,4,16').split(',').map(Number);
const PORTAL_CONNECTIONS = Number(process.env.BENCH_PORTAL_CONNECTIONS ?? 2);
const GOAL_P99_MS = 10;
const KEPT = { postgres: 'fidis_bench_network', pglite: '.bench-data/network', accounts: 300 };

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
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
  await handle.close();
  const options: DatabaseOptions =
    engine === 'postgres' ? { databaseUrl: await benchDatabaseUrl(KEPT.postgres) } : { dataDir: KEPT.pglite };
  return { options, cardIds: usable.map((c) => c.id) };
}

async function signIn(url: string): Promise<Record<string, string>> {
  const login = await fetch(`${url}/v0/portal/usuario/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: BENCH_DEMO.login, senha: BENCH_DEMO.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const list = await fetch(`${url}/v1/corporate/companies`, { headers: auth });
  const [company] = ((await list.json()) as { companies: { cnpj: string; relationCode: string }[] }).companies;
  return { ...auth, cnpj: company?.cnpj ?? '', relationcode: company?.relationCode ?? '' };
}

function line(name: string, side: Side, elapsedMs: number) {
  const sorted = [...side.latencies].sort((a, b) => a - b);
  const rate = side.latencies.length / (elapsedMs / 1000);
  return {
    rate,
    p99: pct(sorted, 99),
    text: `${name.padEnd(8)} ${rate.toFixed(0).padStart(6)} req/s  p50 ${ms(pct(sorted, 50))}  p99 ${ms(pct(sorted, 99))}  non-2xx ${side.non2xx}  errors ${side.errors}`,
  };
}

async function bench(engine: string) {
  const prepared = await prepare(engine);
  if (!prepared) return;
  const { child, url } = await forkServer(new URL('./provider-server.ts', import.meta.url), {
    name: `provider (${engine})`,
    args: ['provider'],
    env: { BENCH_DB: JSON.stringify(prepared.options), BENCH_PROVIDER_LOG: 'info' },
  });
  const load = loadProcess<NetworkJob, NetworkResult>(new URL('./network-load.ts', import.meta.url));
  try {
    const headers = await signIn(url);
    const job = (connections: number, withPortal: boolean): NetworkJob => ({
      url,
      networkKey: TEST_NETWORK_KEY,
      cardIds: prepared.cardIds,
      connections,
      durationS: DURATION_S,
      portal: withPortal ? { connections: PORTAL_CONNECTIONS, headers } : null,
    });
    await load.run({ ...job(2, false), durationS: 1 }); // warm-up: plans, pools, JIT
    console.info(
      `\n  ${engine}: ${prepared.cardIds.length} cards, ${DURATION_S} s a step, portal beside: ${PORTAL_CONNECTIONS} connections`,
    );
    let best = { rate: 0, p99: NaN, connections: 0 };
    for (const connections of STEPS) {
      const result = await load.run(job(connections, true));
      const network = line('network', result.network, result.elapsedMs);
      console.info(`  ${String(connections).padStart(3)} conn  ${network.text}`);
      if (result.portal) console.info(`           ${line('portal', result.portal, result.elapsedMs).text}`);
      if (network.rate > best.rate) best = { rate: network.rate, p99: network.p99, connections };
    }
    const verdict = best.p99 <= GOAL_P99_MS ? 'goal met' : 'GOAL MISSED';
    console.info(
      `  ${engine}: highest rate ${best.rate.toFixed(0)} req/s at ${best.connections} connections, p99 ${ms(best.p99)} (goal ≤ ${GOAL_P99_MS} ms: ${verdict}); load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    load.stop();
    await stopServer(child);
  }
}

for (const engine of ENGINES) await bench(engine);
