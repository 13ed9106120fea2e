// The load generator of bench/load.ts, in its own process so its CPU is never charged to the servers. It holds every
// operator's browser state (device id, session key, BFF access token, the HttpOnly session cookie) and drives the
// sealed /proxy exactly as src/web/lib/transport/call-api.ts does: the inner request sealed with a fresh UUIDv7 as
// additional data, POST /proxy, the answer opened with the same id. Any non-2xx answer, an answer that does not open,
// a network error or a timeout is an error.
//
// Commands arrive over IPC, one at a time (LoadCommand), each answered with a DriverReply. The load is open-loop: the
// arrival times are drawn in advance of the answers (a Poisson process at the target rate, each arrival labelled with
// an operator drawn by that operator's weight — the same thing as every operator browsing on its own exponential
// think time), and a call's latency runs from its scheduled time, not from when it was sent, so a generator or a
// server that falls behind shows in the latency instead of silently slowing the load (coordinated omission).
import { createDecipheriv, randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import { v7 } from 'uuid';
import { ENVIRONMENT_NAME, FID, ORG, SUPPLIER, SYSTEM_NAME } from '../src/contracts/constants.ts';
import { buildPath, type EndpointName, endpointRoutes, PROVIDER_HOSTS } from '../src/contracts/routes.ts';
import { importPublicKey, randomAlphanumeric, sealToPublicKey } from '../src/crypto/index.ts';
import { sealJsonSync, sessionKeyBytes } from './proxy-seal.ts';
import { percentile, sortedOf } from './support/figures.ts';

// ---- the protocol ------------------------------------------------------------------------------------------------
export interface Holder {
  uuid: string;
  cpf: string;
  last4: string;
}
/** What the operators browse: the demo company, its holders, its invoices and the card reserved for limit changes. */
export interface Targets {
  cnpj: string;
  relationCode: string;
  /** The last account number of the first page: the "next page" cursor. */
  nextPageCursor: string;
  holders: Holder[];
  dueDates: string[];
  /** Its available limit changed back and forth between two values below its seeded limit; it has used nothing. */
  limitCard: { uuid: string; last4: string; values: [number, number] };
}

/** The browsing mix: call type and weight (percent). */
export const MIX = {
  accounts: 24,
  accountsNext: 6,
  searchCpf: 18,
  consult: 20,
  history: 16,
  invoice: 14,
  limitChange: 2,
} as const;
export type CallType = keyof typeof MIX;
export const CALL_TYPES = Object.keys(MIX) as CallType[];
/** What each call type sends through /proxy. */
export const CALL_ENDPOINT: Record<CallType, EndpointName> = {
  accounts: 'accounts',
  accountsNext: 'accounts',
  searchCpf: 'cardsByDocument',
  consult: 'consultCard',
  history: 'authorizationHistory',
  invoice: 'corporateInvoice',
  limitChange: 'changeLimit',
};

export type LoadCommand =
  | {
      kind: 'init';
      bffs: string[];
      /** round-robin: each call to the next BFF, whichever registered the device; pinned: always the same one. */
      spread: 'round-robin' | 'pinned';
      logins: string[];
      password: string;
      targets: Targets;
      timeoutMs: number;
      seed: number;
    }
  | { kind: 'ramp'; concurrency: number }
  | { kind: 'probe' }
  | { kind: 'step'; rate: number; warmupS: number; durationS: number };

export interface Stats {
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}
export interface RampResult {
  operators: number;
  seconds: number;
  errors: number;
  errorSamples: string[];
  /** Latency per sign-in step: GET /keys, POST /devices, the login through /proxy. */
  keys: Stats;
  devices: Stats;
  login: Stats;
}
export interface StepResult {
  rate: number;
  durationS: number;
  scheduled: number;
  /** Successful answers received inside the measured window, per second. */
  achieved: number;
  overall: Stats;
  perType: Record<CallType, Stats>;
  errorSamples: string[];
  /** Of every call scheduled in the window, the most in flight at once. */
  maxInFlight: number;
  /** The generator's own CPU over the window (user + system), in µs. */
  driverCpuUs: number;
  /** How late the generator fired calls, worst case, in ms (a late generator would be the bottleneck). */
  worstFireLagMs: number;
}
export type DriverReply =
  | { kind: 'ready' }
  | { kind: 'ramp'; result: RampResult }
  | { kind: 'probe'; errors: string[] }
  | { kind: 'measuring' }
  | { kind: 'step'; result: StepResult }
  | { kind: 'error'; error: string };

// ---- the envelope ------------------------------------------------------------------------------------------------
const IV_BYTES = 16;
const TAG_BYTES = 16;
/** openJson() of src/crypto on node:crypto: hex(iv || ciphertext || tag), the request id as additional data. */
function openJsonSync(key: Buffer, payload: string, requestId: string): unknown {
  const bytes = Buffer.from(payload, 'hex');
  if (bytes.length < IV_BYTES + TAG_BYTES || bytes.length * 2 !== payload.length) throw new Error('malformed payload');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(requestId, 'utf8'));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
  return JSON.parse(plain.toString('utf8'));
}

// ---- operators ---------------------------------------------------------------------------------------------------
interface Operator {
  index: number;
  login: string;
  /** The BFF that registered the device (and, pinned, the only one it calls). */
  home: number;
  key: Buffer;
  headers: Record<string, string>;
  /** Relative browsing pace: the operator's share of the load (its think time is inversely proportional). */
  weight: number;
}

let setup: Extract<LoadCommand, { kind: 'init' }>;
let pools: Pool[] = [];
const operators: Operator[] = [];
let random: () => number = Math.random;
let nextBff = 0;
let limitToggle = 0;

/** mulberry32: reproducible draws, so two runs browse alike. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

interface Inner {
  name: EndpointName;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  data?: unknown;
}
/** The inner request the SPA's transport builds (call-api.ts): the common headers, then the endpoint's own. */
function innerOf({ name, params, headers, data }: Inner) {
  const endpoint = endpointRoutes[name];
  return {
    method: endpoint.method,
    url: `${PROVIDER_HOSTS.prod[0]}${buildPath(name, params)}`,
    headers: {
      environmentName: ENVIRONMENT_NAME,
      systemName: 'systemName' in endpoint ? endpoint.systemName : SYSTEM_NAME,
      'Content-Type': 'application/json',
      supplier: SUPPLIER,
      org: ORG,
      ...headers,
    },
    ...(data === undefined ? {} : { data }),
  };
}

/** What each call type asks, for a holder drawn at random (or the reserved card). */
function requestOf(type: CallType): Inner {
  const t = setup.targets;
  const company = { cnpj: t.cnpj, relationcode: t.relationCode };
  const holder = pick(t.holders);
  switch (type) {
    case 'accounts':
      return { name: 'accounts', headers: { ...company, startaccount: '', direction: '' } };
    case 'accountsNext':
      return { name: 'accounts', headers: { ...company, startaccount: t.nextPageCursor, direction: 'N' } };
    case 'searchCpf':
      return { name: 'cardsByDocument', params: { documentNumber: holder.cpf }, headers: company };
    case 'consult':
      return { name: 'consultCard', params: { uuid: holder.uuid }, headers: { last4digits: holder.last4 } };
    case 'history':
      return { name: 'authorizationHistory', params: { uuid: holder.uuid }, headers: { last4digits: holder.last4 } };
    case 'invoice':
      return { name: 'corporateInvoice', headers: { cnpj: t.cnpj, duedate: pick(t.dueDates) } };
    case 'limitChange': {
      const card = t.limitCard;
      limitToggle ^= 1;
      return {
        name: 'changeLimit',
        params: { uuid: card.uuid },
        data: { availableLimit: card.values[limitToggle], changeLimit: 'S', last4digits: card.last4 },
      };
    }
  }
}

interface Outcome {
  ok: boolean;
  status: number;
  body: unknown;
  setCookie?: string;
  problem?: string;
}

/** One sealed call through /proxy: sealed, sent, opened. Never throws; a failure is an outcome that is not ok. */
async function sealedCall(op: Operator, inner: ReturnType<typeof innerOf>, bff: number): Promise<Outcome> {
  const requestId = v7();
  const pool = pools[bff] as Pool;
  try {
    const res = await pool.request({
      path: '/proxy',
      method: 'POST',
      headers: { ...op.headers, 'x-request-id': requestId },
      body: JSON.stringify(sealJsonSync(op.key, inner, requestId)),
      headersTimeout: setup.timeoutMs,
      bodyTimeout: setup.timeoutMs,
    });
    const text = await res.body.text();
    const cookie = res.headers['set-cookie'];
    const setCookie = Array.isArray(cookie) ? cookie.join('; ') : cookie;
    if (res.statusCode === 204) return { ok: true, status: 204, body: null, setCookie };
    let body: unknown = null;
    let problem: string | undefined;
    try {
      const raw = JSON.parse(text) as { payload?: unknown };
      body = typeof raw.payload === 'string' ? openJsonSync(op.key, raw.payload, requestId) : raw;
      if (typeof raw.payload !== 'string') problem = 'answer not sealed';
    } catch (err) {
      problem = `answer does not open: ${(err as Error).message}`;
    }
    const ok = res.statusCode >= 200 && res.statusCode < 300 && !problem;
    return { ok, status: res.statusCode, body, setCookie, problem };
  } catch (err) {
    return { ok: false, status: 0, body: null, problem: (err as Error).message };
  }
}

const describe = (label: string, o: Outcome) => {
  const code = o.body && typeof o.body === 'object' ? (o.body as { code?: unknown }).code : undefined;
  return `${label}: ${o.status}${code ? ` ${String(code)}` : ''}${o.problem ? ` (${o.problem})` : ''}`;
};

// ---- sign-in ramp ------------------------------------------------------------------------------------------------
async function timed<T>(samples: number[], work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    samples.push(performance.now() - started);
  }
}

/** What the browser does once: fetch the BFF's key, register the device, sign in through /proxy. */
async function signInOperator(index: number, login: string, samples: Record<'keys' | 'devices' | 'login', number[]>) {
  const home = index % setup.bffs.length;
  const pool = pools[home] as Pool;
  const keys = await timed(samples.keys, async () => {
    const res = await pool.request({ path: '/keys', method: 'GET' });
    if (res.statusCode !== 200) throw new Error(`GET /keys ${res.statusCode}`);
    return (await res.body.json()) as { publicKey: string };
  });
  const deviceId = randomUUID();
  const secrets = { cipherAES: randomAlphanumeric(), tokenAES: randomAlphanumeric() };
  const client = { 'x-fid': FID, 'x-device-id': deviceId, 'x-env': 'prod', 'content-type': 'application/json' };
  const key = sessionKeyBytes(secrets);
  const accessToken = await timed(samples.devices, async () => {
    const registrationId = v7();
    const sealed = await sealToPublicKey(
      await importPublicKey(keys.publicKey),
      {
        fid: FID,
        id: deviceId,
        ip: '',
        sessionToken: secrets.tokenAES,
        sessionCipher: secrets.cipherAES,
        deviceName: `bench-load-${index}`,
        latitude: 0,
        longitude: 0,
        accuracy: 0,
        fcmToken: '',
      },
      registrationId,
    );
    const res = await pool.request({
      path: '/devices',
      method: 'POST',
      headers: { ...client, 'x-request-id': registrationId },
      body: JSON.stringify(sealed),
    });
    const text = await res.body.text();
    if (res.statusCode !== 200 && res.statusCode !== 201) throw new Error(`POST /devices ${res.statusCode} ${text}`);
    const opened = openJsonSync(key, (JSON.parse(text) as { payload: string }).payload, registrationId);
    return (opened as { accessToken: string }).accessToken;
  });
  const op: Operator = {
    index,
    login,
    home,
    key,
    headers: { ...client, authorization: `Bearer ${accessToken}` },
    weight: 0.25 + 1.5 * random(),
  };
  const answer = await timed(samples.login, () =>
    sealedCall(op, innerOf({ name: 'login', data: { login, senha: setup.password } }), home),
  );
  if (!answer.ok) throw new Error(describe(`login ${login}`, answer));
  const step = (answer.body as { segundoFator?: string }).segundoFator;
  if (step !== 'NENHUM') throw new Error(`login ${login}: second factor ${step} asked; the bench needs none`);
  // The BFF keeps the provider's token in an HttpOnly cookie (decision 040); the browser sends it back on /proxy.
  const session = /fidis_sessao=[^;]+/.exec(answer.setCookie ?? '')?.[0];
  if (!session) throw new Error(`login ${login}: no session cookie in the answer`);
  op.headers.cookie = session;
  return op;
}

function statsOf(samples: number[], errors = 0): Stats {
  const sorted = sortedOf(samples);
  const at = (q: number) => percentile(sorted, q);
  return { count: samples.length, errors, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

async function ramp(concurrency: number): Promise<RampResult> {
  const samples = { keys: [] as number[], devices: [] as number[], login: [] as number[] };
  const errorSamples: string[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (let i = next++; i < setup.logins.length; i = next++) {
      try {
        operators.push(await signInOperator(i, setup.logins[i] as string, samples));
      } catch (err) {
        errors++;
        if (errorSamples.length < 5) errorSamples.push((err as Error).message);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  operators.sort((a, b) => a.index - b.index);
  return {
    operators: operators.length,
    seconds: (performance.now() - started) / 1000,
    errors,
    errorSamples,
    keys: statsOf(samples.keys),
    devices: statsOf(samples.devices),
    login: statsOf(samples.login),
  };
}

// ---- browsing ----------------------------------------------------------------------------------------------------
/** The BFF a call goes to: spread over all of them, or the operator's own. */
function bffFor(op: Operator): number {
  if (setup.spread === 'pinned') return op.home;
  nextBff = (nextBff + 1) % pools.length;
  return nextBff;
}

/** Every call type once, by the first operator, on every BFF: a wrong target fails here, before any timing. */
async function probe(): Promise<string[]> {
  const op = operators[0];
  if (!op) return ['no operator signed in'];
  const problems: string[] = [];
  for (let bff = 0; bff < pools.length; bff++) {
    for (const type of CALL_TYPES) {
      const answer = await sealedCall(op, innerOf(requestOf(type)), bff);
      if (!answer.ok) problems.push(describe(`${type} via BFF ${bff + 1}`, answer));
    }
  }
  return problems;
}

/** Cumulative weights, to draw a call type by the mix and an operator by its pace. */
function sampler<T>(items: readonly T[], weightOf: (item: T) => number): () => T {
  const cumulative: number[] = [];
  let total = 0;
  for (const item of items) {
    total += weightOf(item);
    cumulative.push(total);
  }
  return () => {
    const x = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) > x) hi = mid;
      else lo = mid + 1;
    }
    return items[lo] as T;
  };
}

async function step(rate: number, warmupS: number, durationS: number, send: (r: DriverReply) => void) {
  const drawType = sampler(CALL_TYPES, (t) => MIX[t]);
  const drawOperator = sampler(operators, (o) => o.weight);
  const latencies = Object.fromEntries(CALL_TYPES.map((t) => [t, [] as number[]])) as Record<CallType, number[]>;
  const errors = Object.fromEntries(CALL_TYPES.map((t) => [t, 0])) as Record<CallType, number>;
  const errorSamples: string[] = [];
  const pending = new Set<Promise<void>>();
  const start = performance.now();
  const windowStart = start + warmupS * 1000;
  const windowEnd = windowStart + durationS * 1000;
  let scheduled = 0;
  let okInWindow = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let worstLag = 0;
  let cpuAtWindow: NodeJS.CpuUsage | undefined;
  let measuringSent = false;

  const fire = (at: number) => {
    const type = drawType();
    const op = drawOperator();
    const measured = at >= windowStart;
    if (measured) scheduled++;
    inFlight++;
    if (measured) maxInFlight = Math.max(maxInFlight, inFlight);
    const done = sealedCall(op, innerOf(requestOf(type)), bffFor(op)).then((answer) => {
      const now = performance.now();
      inFlight--;
      if (answer.ok && now >= windowStart && now <= windowEnd) okInWindow++;
      if (!measured) {
        if (!answer.ok && errorSamples.length < 8) errorSamples.push(describe(`${type} (warmup)`, answer));
        return;
      }
      latencies[type].push(now - at);
      if (!answer.ok) {
        errors[type]++;
        if (errorSamples.length < 8) errorSamples.push(describe(type, answer));
      }
    });
    pending.add(done);
    void done.finally(() => pending.delete(done));
  };

  // Exponential gaps at the target rate: arrivals come in bursts as real ones do, not on a metronome.
  const gap = () => (-Math.log(1 - random()) * 1000) / rate;
  await new Promise<void>((resolve) => {
    let next = start + gap();
    const tick = () => {
      const now = performance.now();
      if (!measuringSent && now >= windowStart) {
        measuringSent = true;
        cpuAtWindow = process.cpuUsage();
        send({ kind: 'measuring' });
      }
      while (next <= now && next < windowEnd) {
        if (next >= windowStart) worstLag = Math.max(worstLag, now - next);
        fire(next);
        next += gap();
      }
      if (next >= windowEnd) return resolve();
      setTimeout(tick, Math.max(0, Math.min(1, next - performance.now())));
    };
    tick();
  });
  const cpu = process.cpuUsage(cpuAtWindow);
  // Every call of the window is waited for: its latency counts even when it lands after the window closed.
  while (pending.size > 0) await Promise.all([...pending]);
  const all = CALL_TYPES.flatMap((t) => latencies[t]);
  const totalErrors = CALL_TYPES.reduce((sum, t) => sum + errors[t], 0);
  return {
    rate,
    durationS,
    scheduled,
    achieved: okInWindow / durationS,
    overall: statsOf(all, totalErrors),
    perType: Object.fromEntries(CALL_TYPES.map((t) => [t, statsOf(latencies[t], errors[t])])) as Record<
      CallType,
      Stats
    >,
    errorSamples,
    maxInFlight,
    driverCpuUs: cpu.user + cpu.system,
    worstFireLagMs: worstLag,
  };
}

// ---- the IPC loop ------------------------------------------------------------------------------------------------
const send = (reply: DriverReply): void => {
  process.send?.(reply);
};
async function handle(command: LoadCommand): Promise<void> {
  switch (command.kind) {
    case 'init':
      setup = command;
      random = prng(command.seed);
      // Keep-alive pools, as a browser keeps its connections; enough of them that the client never queues first.
      pools = command.bffs.map((url) => new Pool(url, { connections: 256, keepAliveTimeout: 60_000 }));
      return send({ kind: 'ready' });
    case 'ramp':
      return send({ kind: 'ramp', result: await ramp(command.concurrency) });
    case 'probe':
      return send({ kind: 'probe', errors: await probe() });
    case 'step':
      return send({ kind: 'step', result: await step(command.rate, command.warmupS, command.durationS, send) });
  }
}
process.on('message', (command: LoadCommand) => {
  handle(command).catch((err: unknown) => send({ kind: 'error', error: (err as Error).stack ?? String(err) }));
});
process.on('disconnect', () => {
  void Promise.all(pools.map((p) => p.close().catch(() => undefined))).finally(() => process.exit(0));
});
