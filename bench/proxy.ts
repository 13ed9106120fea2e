// The BFF hop, measured three ways in one run: the same provider call (GET companies) made straight to the provider,
// through a plain unencrypted @fastify/http-proxy, and through fidis' encrypted /proxy (device registered once, as
// the browser does). The servers live in this process; autocannon drives them from a second one (proxy-load.ts),
// so the client's CPU is not charged to them. Legs are interleaved over rounds, in alternating order, so drift on
// a busy machine touches all alike. Not a test: nothing here asserts; a leg with a failed call makes the run fail.
//
// Knobs: BENCH_DURATION_S (per leg and load, default 5), BENCH_ROUNDS (2), BENCH_CONNECTIONS (the concurrent
// load, 8), BENCH_WARMUP_S (2), BENCH_LOG_LEVEL (info: both proxies log as production would, to /dev/null),
// BENCH_LEGS (e.g. "fidis", to profile one leg with `node --cpu-prof --import tsx bench/proxy.ts`).
import { fork } from 'node:child_process';
import { isDeepStrictEqual } from 'node:util';
import httpProxy from '@fastify/http-proxy';
import Fastify from 'fastify';
import { request } from 'undici';
import { v7 } from 'uuid';
import { buildBff } from '../src/bff/app.ts';
import { endpoints, FID, PROVIDER_HOSTS } from '../src/contracts/index.ts';
import {
  deriveSessionKey,
  importPublicKey,
  openJson,
  randomAlphanumeric,
  sealJson,
  sealToPublicKey,
} from '../src/crypto/index.ts';
import { testConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/database.ts';
import { buildProvider } from '../src/provider/app.ts';
import { prepareProviderData } from '../src/provider/bootstrap.ts';
import type { LoadJob, LoadResult } from './proxy-load.ts';
import { discardingLogStream } from './proxy-log.ts';
import { sealJsonSync, sessionKeyBytes } from './proxy-seal.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
const LOG_LEVEL = (process.env.BENCH_LOG_LEVEL ?? 'info') as 'info';
const PASSWORD = 'Bench-senha-2026';

const LEG_NAMES = { direct: 'direct', plain: 'plain http-proxy', fidis: 'fidis /proxy' } as const;
type Leg = keyof typeof LEG_NAMES;
const legs = (Object.keys(LEG_NAMES) as Leg[]).filter(
  (leg) => !process.env.BENCH_LEGS || process.env.BENCH_LEGS.split(',').includes(leg),
);

// ---- the three servers -----------------------------------------------------------------------------------------
const config = testConfig({ DEMO_PASSWORD: PASSWORD, LOG_LEVEL });
// Both proxies log alike: same level, same redaction, serialised and written synchronously to /dev/null.
const logStream = discardingLogStream();
const redact = { paths: ['req.headers.authorization', 'req.headers["x-authentication"]'], censor: '[redacted]' };

const db = await openDatabase({});
const provider = buildProvider({ db, config });
await prepareProviderData(db, config, { demoPassword: PASSWORD, log: { info() {}, warn() {} } });
const providerUrl = await provider.listen({ host: '127.0.0.1', port: 0 });

const plain = Fastify({ logger: { level: LOG_LEVEL, redact, stream: logStream } });
await plain.register(httpProxy, { upstream: providerUrl });
const plainUrl = await plain.listen({ host: '127.0.0.1', port: 0 });

const bff = await buildBff({
  config,
  sql: db.sql,
  upstreams: { prod: providerUrl, sandbox: providerUrl },
  rateLimit: { devices: 1000, proxy: 1_000_000 },
  logger: { stream: logStream },
});
const bffUrl = await bff.listen({ host: '127.0.0.1', port: 0 });

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
const loader = fork(new URL('./proxy-load.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
const drive = (job: LoadJob) =>
  new Promise<{ load: LoadResult; cpuUs: number }>((resolve, reject) => {
    const cpu = process.cpuUsage();
    // A load process that dies mid-leg would otherwise leave the run waiting forever.
    const died = (code: number | null) => reject(new Error(`the load process exited (${code}) during a leg`));
    loader.once('exit', died);
    loader.once('message', (msg: { ok: boolean; result?: LoadResult; error?: string }) => {
      const used = process.cpuUsage(cpu);
      loader.off('exit', died);
      if (!msg.ok || !msg.result) return reject(new Error(msg.error));
      resolve({ load: msg.result, cpuUs: used.user + used.system });
    });
    loader.send(job);
  });

interface Tally {
  requests: number;
  elapsedMs: number;
  cpuUs: number;
  latencies: number[];
  failures: number;
}
const loads = [...new Set([1, CONNECTIONS])];
const tallies = new Map<string, Tally>();
const tallyOf = (leg: Leg, connections: number) => {
  const id = `${leg}/${connections}`;
  const t = tallies.get(id) ?? { requests: 0, elapsedMs: 0, cpuUs: 0, latencies: [], failures: 0 };
  tallies.set(id, t);
  return t;
};

for (const leg of legs) await drive(jobFor(leg, CONNECTIONS, WARMUP_S));
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? legs : [...legs].reverse();
  for (const connections of loads) {
    for (const leg of order) {
      const { load, cpuUs } = await drive(jobFor(leg, connections, DURATION_S));
      const t = tallyOf(leg, connections);
      t.requests += load.requests;
      t.elapsedMs += load.elapsedMs;
      t.cpuUs += cpuUs;
      for (const ms of load.latencies) t.latencies.push(ms);
      t.failures += load.non2xx + load.errors + load.timeouts;
    }
  }
}
loader.disconnect();

// ---- figures -----------------------------------------------------------------------------------------------------
const summary = (leg: Leg, connections: number) => {
  const t = tallyOf(leg, connections);
  const sorted = Float64Array.from(t.latencies).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return {
    rps: (t.requests / t.elapsedMs) * 1000,
    p50: at(0.5),
    p99: at(0.99),
    cpuPerReq: t.cpuUs / Math.max(1, t.requests),
    failures: t.failures,
  };
};
const pad = (s: string, n: number) => s.padEnd(n);
const num = (x: number, digits: number, width: number) => x.toFixed(digits).padStart(width);
console.info(
  `GET ${path}: ${ROUNDS} interleaved rounds × ${DURATION_S} s per leg and load; servers in one process, ` +
    `autocannon in another; logs at ${LOG_LEVEL}`,
);
console.info(
  `${pad('load', 15)}${pad('leg', 18)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}  server CPU µs/req`,
);
let failed = false;
for (const connections of loads) {
  legs.forEach((leg, i) => {
    const s = summary(leg, connections);
    failed ||= s.failures > 0;
    const label = i === 0 ? `${connections} connection${connections === 1 ? '' : 's'}` : '';
    console.info(
      `${pad(label, 15)}${pad(LEG_NAMES[leg], 18)}${num(s.rps, 0, 8)}${num(s.p50, 3, 9)}${num(s.p99, 3, 9)}` +
        `${num(s.cpuPerReq, 0, 8)}${s.failures > 0 ? `   ${s.failures} FAILED` : ''}`,
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
        `hop CPU over direct: plain ${(p.cpuPerReq - d.cpuPerReq).toFixed(0)} µs, fidis ${(f.cpuPerReq - d.cpuPerReq).toFixed(0)} µs`,
    );
  }
}

await bff.close();
await plain.close();
// Sockets the proxies kept alive would otherwise hold the provider open until its keep-alive timeout (72 s).
provider.server.closeAllConnections();
await provider.close();
await db.close();
if (failed) {
  console.error('some calls failed: the figures above do not measure the same call');
  process.exit(1);
}
