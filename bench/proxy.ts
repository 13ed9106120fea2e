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
import { v7 } from 'uuid';
import { endpoints, FID, PROVIDER_HOSTS } from '../src/contracts/index.ts';
import {
  deriveSessionKey,
  importPublicKey,
  openJson,
  randomAlphanumeric,
  sealJson,
  sealToPublicKey,
} from '../src/crypto/index.ts';
import type { LoadJob } from './proxy-load.ts';
import { sealJsonSync, sessionKeyBytes } from './proxy-seal.ts';
import type { ServerRole } from './proxy-server.ts';
import { pooledRatio, type RoundPair, roundsFor, stabilityByRounds } from './rounds.ts';
import { askServer, forkServer, loadProcess } from './support/processes.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const PASSWORD = 'Bench-senha-2026';

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

// ---- a signed-in user and a registered device ------------------------------------------------------------------
const login = await request(`${providerUrl}${endpoints.login.path}`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ login: 'demo', senha: PASSWORD }),
});
const { token } = (await login.body.json()) as { token: string };
const path = endpoints.companies.path;

const deviceId = crypto.randomUUID();
const secrets = { cipherAES: randomAlphanumeric(), tokenAES: randomAlphanumeric() };
const keys = (await (await request(`${bffUrl}/keys`)).body.json()) as { publicKey: string };
const clientHeaders = { 'x-fid': FID, 'x-device-id': deviceId, 'x-env': 'prod', 'content-type': 'application/json' };
const registrationId = v7();
const registered = await request(`${bffUrl}/devices`, {
  method: 'POST',
  headers: { ...clientHeaders, 'x-request-id': registrationId },
  body: JSON.stringify(
    await sealToPublicKey(
      await importPublicKey(keys.publicKey),
      {
        fid: FID,
        id: deviceId,
        ip: '',
        sessionToken: secrets.tokenAES,
        sessionCipher: secrets.cipherAES,
        deviceName: 'bench',
        latitude: 0,
        longitude: 0,
        accuracy: 0,
        fcmToken: '',
      },
      registrationId,
    ),
  ),
});
const sessionKey = await deriveSessionKey(secrets);
const { accessToken } = await openJson<{ accessToken: string }>(
  sessionKey,
  ((await registered.body.json()) as { payload: string }).payload,
  registrationId,
);

const userHeaders = { authorization: `Bearer ${token}` };
const inner = {
  method: 'GET',
  url: `${PROVIDER_HOSTS.prod[0]}${path}`,
  headers: { Authorization: `Bearer ${token}`, environmentName: 'prd', systemName: 'fidis', org: '090' },
};
const keyBytes = sessionKeyBytes(secrets);
const fidisHeaders = { ...clientHeaders, authorization: `Bearer ${accessToken}` };

// ---- the three legs answer the same, and the load process seals exactly as src/crypto does -----------------------
const probeId = v7();
if (!isDeepStrictEqual(await openJson(sessionKey, sealJsonSync(keyBytes, inner, probeId).payload, probeId), inner)) {
  throw new Error('bench/proxy-seal.ts does not produce the envelope of src/crypto');
}
const viaDirect = await (await request(`${providerUrl}${path}`, { headers: userHeaders })).body.json();
const viaPlain = await (await request(`${plainUrl}${path}`, { headers: userHeaders })).body.json();
const fidisId = v7();
const fidisAnswer = await request(`${bffUrl}/proxy`, {
  method: 'POST',
  headers: { ...fidisHeaders, 'x-request-id': fidisId },
  body: JSON.stringify(await sealJson(sessionKey, inner, fidisId)),
});
const viaFidis = await openJson(sessionKey, ((await fidisAnswer.body.json()) as { payload: string }).payload, fidisId);
if (!isDeepStrictEqual(viaDirect, viaPlain) || !isDeepStrictEqual(viaDirect, viaFidis)) {
  throw new Error('the three legs do not answer the same');
}

const jobFor = (leg: Leg, connections: number, durationS: number): LoadJob => {
  if (leg === 'direct')
    return { url: `${providerUrl}${path}`, method: 'GET', connections, durationS, headers: userHeaders };
  if (leg === 'plain')
    return { url: `${plainUrl}${path}`, method: 'GET', connections, durationS, headers: userHeaders };
  return {
    url: `${bffUrl}/proxy`,
    method: 'POST',
    connections,
    durationS,
    headers: fidisHeaders,
    sealed: { keyHex: keyBytes.toString('hex'), inner },
  };
};

// ---- the load, from a second process -----------------------------------------------------------------------------
const loader = loadProcess();
/** Drives one leg; the CPU each server process spent meanwhile is read before and after. */
const drive = async (leg: Leg, job: LoadJob) => {
  const hop = HOP[leg];
  const [providerBefore, hopBefore] = await Promise.all([cpuOf('provider'), hop ? cpuOf(hop) : 0]);
  const load = await loader.run(job);
  const [providerAfter, hopAfter] = await Promise.all([cpuOf('provider'), hop ? cpuOf(hop) : 0]);
  return { load, providerUs: providerAfter - providerBefore, hopUs: hopAfter - hopBefore };
};

interface Tally {
  requests: number;
  elapsedMs: number;
  providerUs: number;
  hopUs: number;
  latencies: number[];
  failures: number;
}
const loads = [...new Set([1, CONNECTIONS])];
const tallies = new Map<string, Tally>();
const tallyOf = (leg: Leg, connections: number) => {
  const id = `${leg}/${connections}`;
  const t = tallies.get(id) ?? { requests: 0, elapsedMs: 0, providerUs: 0, hopUs: 0, latencies: [], failures: 0 };
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
      const { load, providerUs, hopUs } = await drive(leg, jobFor(leg, connections, DURATION_S));
      served[leg] = { requests: load.requests, elapsedMs: load.elapsedMs };
      const t = tallyOf(leg, connections);
      t.requests += load.requests;
      t.elapsedMs += load.elapsedMs;
      t.providerUs += providerUs;
      t.hopUs += hopUs;
      for (const ms of load.latencies) t.latencies.push(ms);
      t.failures += load.non2xx + load.errors + load.timeouts;
    }
    if (served.fidis && served.plain) {
      pairsByLoad.get(connections)?.push({ numerator: served.fidis, denominator: served.plain });
    }
  }
}
loader.stop();

// ---- figures -----------------------------------------------------------------------------------------------------
const summary = (leg: Leg, connections: number) => {
  const t = tallyOf(leg, connections);
  const sorted = Float64Array.from(t.latencies).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  const perReq = (us: number) => us / Math.max(1, t.requests);
  return {
    rps: (t.requests / t.elapsedMs) * 1000,
    p50: at(0.5),
    p99: at(0.99),
    providerPerReq: perReq(t.providerUs),
    hopPerReq: perReq(t.hopUs),
    failures: t.failures,
  };
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
      `${connections} conn: fidis ÷ plain req/s ${(f.rps / p.rps).toFixed(2)} (goal ≥ 0.9); ` +
        `fidis − direct p50 ${(f.p50 - d.p50).toFixed(3)} ms (goal ≤ 1); ` +
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
await Promise.all(
  [...servers.values()].map(
    (child) =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  ),
);
if (failed) {
  console.error('some calls failed: the figures above do not measure the same call');
  process.exit(1);
}
