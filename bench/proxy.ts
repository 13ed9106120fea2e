// The BFF hop, measured side by side in one run: the same provider call made straight to the provider and
// through fidis' encrypted /proxy (key exchange done once, as the browser does), over real HTTP on loopback.
// Prints p50/p99 latency and requests per second for each, and the ratios. Not a test: nothing here asserts.
import { performance } from 'node:perf_hooks';
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

const CALLS = Number(process.env.BENCH_CALLS ?? 2000);
const WARMUP = 200;
const PASSWORD = 'Bench-senha-2026';

const config = testConfig({ DEMO_PASSWORD: PASSWORD });
const db = await openDatabase({});
const provider = buildProvider({ db, config });
await prepareProviderData(db, config, { demoPassword: PASSWORD, log: { info() {}, warn() {} } });
const providerUrl = await provider.listen({ host: '127.0.0.1', port: 0 });
const bff = await buildBff({
  config,
  sql: db.sql,
  upstreams: { prod: providerUrl, sandbox: providerUrl },
  rateLimit: { devices: 1000, proxy: 1_000_000 },
});
const bffUrl = await bff.listen({ host: '127.0.0.1', port: 0 });

// Sign in straight at the provider for a user token.
const login = await request(`${providerUrl}${endpoints.login.path}`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ login: 'demo', senha: PASSWORD }),
});
const { token } = (await login.body.json()) as { token: string };
const path = endpoints.companies.path;

// The device, as the browser registers it.
const deviceId = crypto.randomUUID();
const secrets = { cipherAES: randomAlphanumeric(), tokenAES: randomAlphanumeric() };
const keys = (await (await request(`${bffUrl}/keys`)).body.json()) as { publicKey: string };
const registrationId = v7();
const headers = (requestId: string) => ({
  'x-fid': FID,
  'x-device-id': deviceId,
  'x-env': 'prod',
  'x-request-id': requestId,
  'content-type': 'application/json',
});
const sealed = await sealToPublicKey(
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
);
const registered = await request(`${bffUrl}/devices`, {
  method: 'POST',
  headers: headers(registrationId),
  body: JSON.stringify(sealed),
});
const sessionKey = await deriveSessionKey(secrets);
const { accessToken } = await openJson<{ accessToken: string }>(
  sessionKey,
  ((await registered.body.json()) as { payload: string }).payload,
  registrationId,
);

async function direct() {
  const res = await request(`${providerUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  await res.body.json();
  if (res.statusCode !== 200) throw new Error(`direct ${res.statusCode}`);
}

async function proxied() {
  const requestId = v7();
  const inner = {
    method: 'GET',
    url: `${PROVIDER_HOSTS.prod[0]}${path}`,
    headers: { Authorization: `Bearer ${token}`, environmentName: 'prd', systemName: 'fidis', org: '090' },
  };
  const res = await request(`${bffUrl}/proxy`, {
    method: 'POST',
    headers: { ...headers(requestId), authorization: `Bearer ${accessToken}` },
    body: JSON.stringify(await sealJson(sessionKey, inner, requestId)),
  });
  const body = (await res.body.json()) as { payload: string };
  await openJson(sessionKey, body.payload, requestId);
  if (res.statusCode !== 200) throw new Error(`proxy ${res.statusCode}`);
}

async function measure(name: string, call: () => Promise<void>) {
  for (let i = 0; i < WARMUP; i++) await call();
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN;
  return { name, p50: at(0.5), p99: at(0.99), rps: (CALLS / total) * 1000 };
}

// Interleaved rounds, so drift on a busy machine touches both sides alike.
const rounds: Awaited<ReturnType<typeof measure>>[] = [];
for (let r = 0; r < 2; r++) rounds.push(await measure('direct', direct), await measure('fidis /proxy', proxied));
const best = (name: string) => rounds.filter((x) => x.name === name).sort((a, b) => a.p50 - b.p50)[0]!;
const d = best('direct');
const p = best('fidis /proxy');
const fmt = (x: number) => x.toFixed(3);
console.info(`GET ${path}, ${CALLS} sequential calls per side, best of 2 interleaved rounds`);
for (const x of [d, p])
  console.info(`${x.name.padEnd(14)} p50 ${fmt(x.p50)} ms  p99 ${fmt(x.p99)} ms  ${x.rps.toFixed(0)} req/s`);
console.info(`fidis adds ${fmt(p.p50 - d.p50)} ms at p50; throughput ratio fidis/direct ${(p.rps / d.rps).toFixed(2)}`);

await bff.close();
await provider.close();
await db.close();
