// The BFF hop, measured three ways in one run: the same provider call (GET companies) made straight to the provider,
// through a plain unencrypted @fastify/http-proxy, and through fidis' encrypted /proxy (device registered once, as
// the browser does). Each server runs in its own process, as in production (bench/proxy-server.ts), so a proxy's
// CPU is measured on its own and never shares an event loop with the provider; autocannon drives them from another
// process (proxy-load.ts). Legs are interleaved over rounds, in alternating order, so drift on a busy machine
// touches all alike: short legs over many rounds, because on this virtual machine slow spells last seconds and,
// with 5 s legs, one of them could land on a single leg and move a ratio by 0.1. Not a test: nothing here asserts; a leg with a failed call makes the run fail.
//
// Knobs: BENCH_DURATION_S (per leg and load, default 2), BENCH_ROUNDS (6), BENCH_CONNECTIONS (the concurrent
// load, 8), BENCH_WARMUP_S (2), BENCH_LOG_LEVEL (info: both proxies log as production would, to /dev/null),
// BENCH_LEGS (e.g. "fidis"), BENCH_PROFILE (a role, e.g. "bff": that server runs under `node --cpu-prof`, its
// profile written to .bench-data/profiles/).
import type { ChildProcess } from 'node:child_process';
import { isDeepStrictEqual } from 'node:util';
import { request } from 'undici';
import { endpoints } from '../src/contracts/index.ts';
import type { LoadJob } from './proxy-load.ts';
import type { ServerRole } from './proxy-server.ts';
import { pooledRatio, type RoundPair, roundsFor, stabilityByRounds } from './rounds.ts';
import { BENCH_DEMO } from './support/databases.ts';
import { goal } from './support/figures.ts';
import { askServer, forkServer, loadProcess, loadWithCpu, stopServer, Tally } from './support/processes.ts';
import { checkLoadSealing, connect, loadJob, probe } from './support/sealed-client.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
/** The demo operator's password in every bench database. */
const PASSWORD = BENCH_DEMO.password;

const LEG_NAMES = { direct: 'direct', plain: 'plain http-proxy', fidis: 'fidis /proxy' } as const;
type Leg = keyof typeof LEG_NAMES;
const legs = (Object.keys(LEG_NAMES) as Leg[]).filter(
  (leg) => !process.env.BENCH_LEGS || process.env.BENCH_LEGS.split(',').includes(leg),
);
/** The process each leg's hop runs in (the direct leg has none). */
const HOP: Record<Leg, ServerRole | undefined> = { direct: undefined, plain: 'plain', fidis: 'bff' };

// ---- the three servers, one process each -------------------------------------------------------------------------
const servers = new Map<ServerRole, ChildProcess>();
async function startServer(role: ServerRole, upstream = ''): Promise<string> {
  const profiled = process.env.BENCH_PROFILE === role ? ['--cpu-prof', '--cpu-prof-dir=.bench-data/profiles'] : [];
  const { child, url } = await forkServer(new URL('./proxy-server.ts', import.meta.url), {
    name: role,
    args: [role, upstream],
    execArgv: profiled,
    env: { BENCH_LOG_LEVEL: LOG_LEVEL, BENCH_DEMO_PASSWORD: PASSWORD },
  });
  servers.set(role, child);
  return url;
}
const cpuOf = async (role: ServerRole) => {
  const child = servers.get(role);
  return child ? askServer(child, 'cpu', 'cpuUs') : 0;
};

const providerUrl = await startServer('provider');
const [plainUrl, bffUrl] = await Promise.all([startServer('plain', providerUrl), startServer('bff', providerUrl)]);

// ---- a signed-in user and a registered device; the three legs answer the same --------------------------------------
const device = await connect('proxy', providerUrl, bffUrl, PASSWORD);
await checkLoadSealing(device);
const path = endpoints.companies.path;
const userHeaders = { authorization: `Bearer ${device.token}` };
const viaDirect = await (await request(`${providerUrl}${path}`, { headers: userHeaders })).body.json();
const viaPlain = await (await request(`${plainUrl}${path}`, { headers: userHeaders })).body.json();
const viaFidis = await probe('fidis', device);
if (!isDeepStrictEqual(viaDirect, viaPlain) || !isDeepStrictEqual(viaDirect, viaFidis)) {
  throw new Error('the three legs do not answer the same');
}

const jobFor = (leg: Leg, connections: number, durationS: number): LoadJob => {
  if (leg === 'direct')
    return { url: `${providerUrl}${path}`, method: 'GET', connections, durationS, headers: userHeaders };
  if (leg === 'plain')
    return { url: `${plainUrl}${path}`, method: 'GET', connections, durationS, headers: userHeaders };
  return loadJob(device, connections, durationS);
};

// ---- the load, from a second process -----------------------------------------------------------------------------
const loader = loadProcess();
/** Drives one leg; the CPU each server process spent meanwhile is read before and after. */
const drive = (leg: Leg, job: LoadJob) => {
  const hop = HOP[leg];
  return loadWithCpu(() => loader.run(job), {
    provider: () => cpuOf('provider'),
    ...(hop ? { hop: () => cpuOf(hop) } : {}),
  });
};

const loads = [...new Set([1, CONNECTIONS])];
const tallies = new Map<string, Tally>();
const tallyOf = (leg: Leg, connections: number) => {
  const id = `${leg}/${connections}`;
  const t = tallies.get(id) ?? new Tally();
  tallies.set(id, t);
  return t;
};

/** Each round's fidis and plain legs, per load: how many rounds the ratio needs is read off them. */
const pairsByLoad = new Map<number, RoundPair[]>(loads.map((c) => [c, []]));

for (const leg of legs) await drive(leg, jobFor(leg, CONNECTIONS, WARMUP_S));
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? legs : [...legs].reverse();
  for (const connections of loads) {
    const served: Partial<Record<Leg, { requests: number; elapsedMs: number }>> = {};
    for (const leg of order) {
      const { load, cpuUs } = await drive(leg, jobFor(leg, connections, DURATION_S));
      served[leg] = { requests: load.requests, elapsedMs: load.elapsedMs };
      tallyOf(leg, connections).add(load, cpuUs);
    }
    if (served.fidis && served.plain) {
      pairsByLoad.get(connections)?.push({ numerator: served.fidis, denominator: served.plain });
    }
  }
}
loader.stop();

// ---- figures -----------------------------------------------------------------------------------------------------
const summary = (leg: Leg, connections: number) => {
  const figures = tallyOf(leg, connections).figures();
  return { ...figures, providerPerReq: figures.perRequest('provider'), hopPerReq: figures.perRequest('hop') };
};
const pad = (s: string, n: number) => s.padEnd(n);
const num = (x: number, digits: number, width: number) => x.toFixed(digits).padStart(width);
console.info(
  `GET ${path}: ${ROUNDS} interleaved rounds × ${DURATION_S} s per leg and load; provider, plain proxy and BFF ` +
    `in a process each, autocannon in another; logs at ${LOG_LEVEL}`,
);
console.info(
  `${pad('load', 15)}${pad('leg', 18)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}` +
    `   CPU µs/req: provider    hop`,
);
let failed = false;
for (const connections of loads) {
  legs.forEach((leg, i) => {
    const s = summary(leg, connections);
    failed ||= s.failures > 0;
    const label = i === 0 ? `${connections} connection${connections === 1 ? '' : 's'}` : '';
    console.info(
      `${pad(label, 15)}${pad(LEG_NAMES[leg], 18)}${num(s.rps, 0, 8)}${num(s.p50, 3, 9)}${num(s.p99, 3, 9)}` +
        `${num(s.providerPerReq, 0, 22)}${HOP[leg] ? num(s.hopPerReq, 0, 7) : '      –'}` +
        `${s.failures > 0 ? `   ${s.failures} FAILED` : ''}`,
    );
  });
}
if (legs.length === 3) {
  for (const connections of loads) {
    const [d, p, f] = (['direct', 'plain', 'fidis'] as const).map((leg) => summary(leg, connections));
    if (!d || !p || !f) continue;
    console.info(
      `${connections} conn: fidis ÷ plain req/s ${(f.rps / p.rps).toFixed(2)} (${goal(f.rps / p.rps >= 0.9, '≥ 0.9')}); ` +
        `fidis − direct p50 ${(f.p50 - d.p50).toFixed(3)} ms (${goal(f.p50 - d.p50 <= 1, '≤ 1 ms')}); ` +
        `hop CPU per request: plain ${p.hopPerReq.toFixed(0)} µs, fidis ${f.hopPerReq.toFixed(0)} µs`,
    );
  }
  // How stable the ratio is: from this run's own rounds, how far a run of n rounds lands (90 % of the time).
  const lengths = [1, 2, 4, 6, 8, 12, 16, 24, 32, 48, 64];
  for (const connections of loads) {
    const pairs = pairsByLoad.get(connections) ?? [];
    const table = stabilityByRounds(pairs, lengths);
    if (table.length === 0) continue;
    const perRound = pairs.map((p) => pooledRatio([p]).toFixed(2));
    console.info(
      `${connections} conn: fidis ÷ plain per round ${perRound.join(' ')}; a run of n rounds lands within ± ` +
        table.map((s) => `${s.halfWidth.toFixed(3)} (n=${s.rounds})`).join(', ') +
        ` of its figure 90 % of the time; ± 0.03 needs ${roundsFor(table, 0.03) ?? `more than ${lengths.at(-1)}`} rounds`,
    );
  }
}

// Closing the IPC channel makes each server close and exit (the profiled one writes its profile then).
await Promise.all([...servers.values()].map(stopServer));
if (failed) {
  console.error('some calls failed: the figures above do not measure the same call');
  process.exit(1);
}
