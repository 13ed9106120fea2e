// Sealed throughput end to end, this checkout against a base revision, in one run (issue 17): the browser's
// `GET companies`, sealed, through the BFF's /proxy to the provider and back, on two copies of the product
// running side by side on this machine, one from the base revision (a git worktree beside this checkout) and one
// from this working tree, uncommitted changes included.
//
// How: each side runs as production runs split tiers, a provider process and a BFF process from that side's own
// src/provider/start.ts and src/bff/start.ts (bench/compare-tiers.ts), with the same environment, seed and demo
// password, its own ports and its own data (PGlite folders, or a PostgreSQL database per side). The client and
// the load are this checkout's for both sides (bench/compare-client.ts, bench/proxy-load.ts in a process of its
// own, so its CPU is nobody's): one answer of each side is opened and the two compared before any timing. Legs
// alternate over rounds (base, head, head, base, …) so a slow spell of the machine touches both alike; the CPU of
// each server process is read from /proc around each leg. Not a test: nothing asserts, but a failed call fails
// the run (exit 1), since the figures would then not measure the same call.
//
// `npm run bench -- compare [--base=REV | --base-dir=DIR] [--connections=1,8] [--rounds=6] [--duration=3]
//  [--warmup=2] [--engine=pglite|postgres] [--postgres-url=postgres://postgres@127.0.0.1:5432/test] [--quiet=S]`
// --quiet=S waits up to S seconds for a quiet machine (1-minute load average below the core count) before timing.
import { type ChildProcess, fork } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { v7 } from 'uuid';
import { endpoints } from '../src/contracts/index.ts';
import { deriveSessionKey, openJson } from '../src/crypto/index.ts';
import { checkoutOf, describeWorkingTree, ensureDependencies, existingCheckout } from './compare-checkout.ts';
import { connect, loadJob, probe, type SignedInDevice } from './compare-client.ts';
import { cpuMicros, type Engine, type Side, startSide } from './compare-tiers.ts';
import type { LoadJob, LoadResult } from './proxy-load.ts';
import { sealJsonSync, sessionKeyBytes } from './proxy-seal.ts';

const GOAL = 3;
const GOAL_CONNECTIONS = 8;
const PASSWORD = 'Bench-senha-2026';
const CANDIDATE_DIR = resolve(import.meta.dirname, '..');

// ---- options -----------------------------------------------------------------------------------------------------
function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}
function positive(name: string, fallback: number): number {
  const value = Number(option(name) ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}
const engine = (option('engine') ?? 'pglite') as Engine;
if (engine !== 'pglite' && engine !== 'postgres') throw new Error('--engine must be pglite or postgres');
const opts = {
  base: option('base') ?? 'e130fa1',
  baseDir: option('base-dir'),
  connections: [...new Set((option('connections') ?? `${GOAL_CONNECTIONS}`).split(',').map(Number))],
  rounds: Math.round(positive('rounds', 6)),
  durationS: positive('duration', 3),
  warmupS: positive('warmup', 2),
  /** Up to this many seconds waiting, before timing, for the 1-minute load average to fall below the core count. */
  quietS: Number(option('quiet') ?? 0),
  engine,
  postgresUrl: option('postgres-url') ?? 'postgres://postgres@127.0.0.1:5432/test',
};
if (opts.connections.some((c) => !Number.isInteger(c) || c < 1)) throw new Error('--connections: e.g. 8 or 1,8');

type Label = 'base' | 'head';
const LABELS: readonly Label[] = ['base', 'head'];

// ---- clean-up: every child and every database, on success, failure or Ctrl-C --------------------------------------
const sides = new Map<Label, Side>();
let loader: ChildProcess | undefined;
let cleaning: Promise<void> | undefined;
let interrupted = false;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    if (loader?.connected) loader.disconnect();
    loader?.kill();
    await Promise.allSettled([...sides.values()].map((side) => side.stop()));
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping both sides`);
    void cleanUp().finally(() => process.exit(130));
  });
}

// ---- load, from one process of its own ------------------------------------------------------------------------------
function drive(job: LoadJob): Promise<LoadResult> {
  const child = loader;
  if (!child) throw new Error('the load process is not running');
  return new Promise((resolve, reject) => {
    // A load process that dies mid-leg would otherwise leave the run waiting forever.
    const died = (code: number | null) => reject(new Error(`the load process exited (${code}) during a leg`));
    child.once('exit', died);
    child.once('message', (msg: { ok: boolean; result?: LoadResult; error?: string }) => {
      child.off('exit', died);
      if (!msg.ok || !msg.result) return reject(new Error(msg.error));
      resolve(msg.result);
    });
    child.send(job);
  });
}

interface Leg {
  rps: number;
  requests: number;
  latencies: number[];
  providerUs: number;
  bffUs: number;
  failures: number;
}

/** One timed leg on one side; the CPU of both its server processes is read just before and just after. */
async function leg(side: Side, device: SignedInDevice, connections: number, durationS: number): Promise<Leg> {
  const before = [cpuMicros(side.provider), cpuMicros(side.bff)] as const;
  const load = await drive(loadJob(device, connections, durationS));
  const after = [cpuMicros(side.provider), cpuMicros(side.bff)] as const;
  return {
    rps: (load.requests / load.elapsedMs) * 1000,
    requests: load.requests,
    latencies: load.latencies,
    providerUs: after[0] - before[0],
    bffUs: after[1] - before[1],
    failures: load.non2xx + load.errors + load.timeouts,
  };
}

// ---- figures -----------------------------------------------------------------------------------------------------
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? Number.NaN) : ((s[mid - 1] ?? Number.NaN) + (s[mid] ?? Number.NaN)) / 2;
};
function summary(legs: Leg[]) {
  const sorted = Float64Array.from(legs.flatMap((l) => l.latencies)).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  const requests = Math.max(
    1,
    legs.reduce((n, l) => n + l.requests, 0),
  );
  const sum = (pick: (l: Leg) => number) => legs.reduce((n, l) => n + pick(l), 0);
  return {
    rps: median(legs.map((l) => l.rps)),
    rounds: legs.map((l) => l.rps),
    p50: at(0.5),
    p99: at(0.99),
    providerPerReq: sum((l) => l.providerUs) / requests,
    bffPerReq: sum((l) => l.bffUs) / requests,
    failures: sum((l) => l.failures),
  };
}
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const CORES = availableParallelism();
const busy = () => (loadavg()[0] ?? 0) >= CORES;

/** Waits (up to --quiet seconds) for the machine to calm down; says so when it did not. */
async function awaitQuiet(): Promise<void> {
  const deadline = Date.now() + opts.quietS * 1000;
  while (busy() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5000));
  if (busy()) {
    console.info(
      `warning: load average ${load()} on ${CORES} cores: other work shares the machine. The paired ratio still ` +
        `compares like with like, but single rounds swing; CPU per request moves less than req/s.`,
    );
  }
}
const num = (x: number, digits: number, width: number) => x.toFixed(digits).padStart(width);

function report(results: Map<string, Leg[]>, loadAtStart: string): boolean {
  console.info(
    `\nsealed GET ${endpoints.companies.path} through /proxy, ${opts.engine}; ${opts.rounds} alternating rounds × ` +
      `${opts.durationS} s per leg, warm-up ${opts.warmupS} s; provider and BFF in a process each per side, ` +
      `autocannon in another; logs at info to /dev/null`,
  );
  console.info(
    `${'load'.padEnd(9)}${'side'.padEnd(6)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}` +
      `   CPU µs/req: provider    BFF   req/s per round`,
  );
  let failed = false;
  const ratios: string[] = [];
  for (const connections of opts.connections) {
    const [base, head] = LABELS.map((label) => summary(results.get(`${label}/${connections}`) ?? []));
    LABELS.forEach((label, i) => {
      const s = i === 0 ? base : head;
      if (!s) return;
      failed ||= s.failures > 0;
      console.info(
        `${(i === 0 ? `${connections} conn` : '').padEnd(9)}${label.padEnd(6)}${num(s.rps, 0, 8)}${num(s.p50, 3, 9)}` +
          `${num(s.p99, 3, 9)}${num(s.providerPerReq, 0, 22)}${num(s.bffPerReq, 0, 7)}   ` +
          `${s.rounds.map((r) => r.toFixed(0)).join(' ')}${s.failures > 0 ? `   ${s.failures} FAILED` : ''}`,
      );
    });
    if (!base || !head) continue;
    const ratio = head.rps / base.rps;
    const perRound = head.rounds.map((r, i) => r / (base.rounds[i] ?? Number.NaN));
    // How far single rounds stray from the median: if it is wide, more rounds are needed for a stable figure.
    const spread = (Math.max(...perRound) - Math.min(...perRound)) / 2 / median(perRound);
    // The rounds are paired (the two legs of a round ran seconds apart), so the median of the per-round ratios
    // shrugs off a slow spell that the ratio of the two medians does not; the goal asks both to reach it.
    const paired = median(perRound);
    const met = Math.min(ratio, paired) >= GOAL;
    const goal = connections === GOAL_CONNECTIONS ? `; goal ≥ ${GOAL}×: ${met ? 'met' : 'not met'}` : '';
    ratios.push(
      `${connections} conn: head ÷ base req/s ${ratio.toFixed(2)}× (medians), ${paired.toFixed(2)}× (median of ` +
        `rounds ${perRound.map((r) => r.toFixed(2)).join(' ')}, ±${(spread * 100).toFixed(0)}%)${goal}`,
    );
    // On a CPU-bound machine throughput is at most cores ÷ CPU per call: the ratio of the two sides' CPU per call
    // is what the req/s ratio tends to when nothing else competes for the cores.
    const cpu = (x: typeof base) => x.providerPerReq + x.bffPerReq;
    ratios.push(
      `${connections} conn: CPU per call (provider + BFF) base ${cpu(base).toFixed(0)} µs, head ` +
        `${cpu(head).toFixed(0)} µs: base ÷ head ${(cpu(base) / cpu(head)).toFixed(2)}×`,
    );
  }
  for (const line of ratios) console.info(line);
  if (!opts.connections.includes(GOAL_CONNECTIONS)) {
    console.info(`goal ≥ ${GOAL}× is at ${GOAL_CONNECTIONS} connections: not measured in this run`);
  }
  console.info(`load average (1, 5, 15 min): at start ${loadAtStart}, at end ${load()}`);
  return failed;
}

// ---- the run -----------------------------------------------------------------------------------------------------
async function run(): Promise<boolean> {
  const loadAtStart = load();
  const base = opts.baseDir ? existingCheckout(opts.baseDir) : checkoutOf(CANDIDATE_DIR, opts.base);
  ensureDependencies(base, CANDIDATE_DIR);
  const kept = opts.baseDir ? '' : ' (left in place for the next run; `git worktree remove` it when done)';
  console.info(`base: ${base.dir} at ${base.commit}${kept}`);
  console.info(`head: ${describeWorkingTree(CANDIDATE_DIR)}`);
  console.info(`starting both sides (${opts.engine}; the providers seed their databases first)…`);
  const dirs: Record<Label, string> = { base: base.dir, head: CANDIDATE_DIR };
  const settings = { engine: opts.engine, postgresUrl: opts.postgresUrl, demoPassword: PASSWORD };
  // Started together (start-up is not measured). Settled, not raced: a side still starting when the other fails
  // would otherwise be left running after the clean-up.
  const started = await Promise.allSettled(
    LABELS.map(async (label) => {
      sides.set(label, await startSide(label, dirs[label], settings));
    }),
  );
  for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason;
  const side = (label: Label) => sides.get(label) as Side;

  const devices = new Map<Label, SignedInDevice>();
  const answers = new Map<Label, unknown>();
  for (const label of LABELS) {
    const device = await connect(label, side(label).provider.url, side(label).bff.url, PASSWORD);
    devices.set(label, device);
    answers.set(label, await probe(label, device));
  }
  if (!isDeepStrictEqual(answers.get('base'), answers.get('head'))) {
    throw new Error(`base and head answer GET ${endpoints.companies.path} differently: not the same call to compare`);
  }
  // The load process seals with node:crypto (proxy-seal.ts): it must produce what src/crypto opens.
  const head = devices.get('head') as SignedInDevice;
  const probeId = v7();
  const sealed = sealJsonSync(sessionKeyBytes(head.secrets), head.inner, probeId).payload;
  if (!isDeepStrictEqual(await openJson(await deriveSessionKey(head.secrets), sealed, probeId), head.inner)) {
    throw new Error('bench/proxy-seal.ts does not produce the envelope of src/crypto');
  }
  const size = JSON.stringify(answers.get('head')).length;
  console.info(`both sides answer the same ${size}-character JSON; load average now ${load()}`);

  loader = fork(new URL('./proxy-load.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
  await awaitQuiet();
  const top = Math.max(...opts.connections);
  for (const label of LABELS) await drive(loadJob(devices.get(label) as SignedInDevice, top, opts.warmupS));

  const results = new Map<string, Leg[]>();
  for (let round = 0; round < opts.rounds; round++) {
    // base, head, then head, base: each side goes first as often as the other.
    const order = round % 2 === 0 ? LABELS : [...LABELS].reverse();
    for (const connections of opts.connections) {
      for (const label of order) {
        const result = await leg(side(label), devices.get(label) as SignedInDevice, connections, opts.durationS);
        const id = `${label}/${connections}`;
        results.set(id, [...(results.get(id) ?? []), result]);
      }
    }
  }
  return report(results, loadAtStart);
}

let failed = true;
try {
  failed = await run();
  if (failed) console.error('some calls failed: the figures above do not measure the same call');
} catch (error) {
  // After Ctrl-C the legs fail because their processes are being stopped: that is not news.
  if (!interrupted) console.error(`compare: ${(error as Error).message}`);
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
