// Sealed throughput end to end, this checkout against a base revision, in one run (issue 17): the browser's
// `GET companies`, sealed, through the BFF's /proxy to the provider and back, on two copies of the product
// running side by side on this machine, one from the base revision (a git worktree beside this checkout) and one
// from this working tree, uncommitted changes included.
//
// How: each side runs as production runs split tiers, a provider process and a BFF process from that side's own
// src/provider/start.ts and src/bff/start.ts (bench/compare-tiers.ts), with the same environment, seed and demo
// password, its own ports and its own data (PGlite folders, or a PostgreSQL database per side). The client and
// the load are this checkout's for both sides (bench/support/sealed-client.ts, bench/proxy-load.ts in a process of its
// own, so its CPU is nobody's): one answer of each side is opened and the two compared before any timing. Legs
// alternate over rounds (base, head, head, base, …) so a slow spell of the machine touches both alike; the CPU of
// each server process is read from /proc around each leg. Not a test: nothing asserts, but a failed call fails
// the run (exit 1), since the figures would then not measure the same call.
//
// `npm run bench -- compare [--base=REV | --base-dir=DIR] [--connections=1,8] [--rounds=6] [--duration=3]
//  [--warmup=2] [--engine=pglite|postgres] [--postgres-url=postgres://postgres@127.0.0.1:5432/test] [--quiet=S]`
// --quiet=S waits up to S seconds for a quiet machine (1-minute load average below the core count) before timing.
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { endpoints } from '../src/contracts/index.ts';
import { checkoutOf, describeWorkingTree, ensureDependencies, existingCheckout } from './compare-checkout.ts';
import { cpuMicros, type Engine, PROVIDER_CALLER, type Side, startSide } from './compare-tiers.ts';
import type { LoadJob, LoadResult } from './proxy-load.ts';
import { option, positive } from './support/args.ts';
import { BENCH_DEMO } from './support/databases.ts';
import { goal, loadAverage, median } from './support/figures.ts';
import { loadProcess, loadWithCpu, Tally } from './support/processes.ts';
import { checkLoadSealing, connect, loadJob, probe, type SignedInDevice } from './support/sealed-client.ts';

const GOAL = 3;
const GOAL_CONNECTIONS = 8;
/** The demo operator's password in every bench database. */
const PASSWORD = BENCH_DEMO.password;
const CANDIDATE_DIR = resolve(import.meta.dirname, '..');

// ---- options -----------------------------------------------------------------------------------------------------
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
let loader: ReturnType<typeof loadProcess<LoadJob, LoadResult>> | undefined;
let cleaning: Promise<void> | undefined;
let interrupted = false;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    if (loader?.child.connected) loader.stop();
    loader?.child.kill();
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
/** One timed leg on one side; the CPU of both its server processes is read just before and just after. */
async function leg(side: Side, device: SignedInDevice, connections: number, durationS: number): Promise<Tally> {
  const driver = loader;
  if (!driver) throw new Error('the load process is not running');
  const { load, cpuUs } = await loadWithCpu(() => driver.run(loadJob(device, connections, durationS)), {
    provider: () => cpuMicros(side.provider),
    bff: () => cpuMicros(side.bff),
  });
  return new Tally().add(load, cpuUs);
}

// ---- figures -----------------------------------------------------------------------------------------------------
/** A side's legs, its rounds' req/s and its figures over all of them. */
function summary(legs: Tally[]) {
  const figures = Tally.merged(legs).figures();
  return {
    ...figures,
    rps: median(legs.map((l) => (l.requests / l.elapsedMs) * 1000)),
    rounds: legs.map((l) => (l.requests / l.elapsedMs) * 1000),
    providerPerReq: figures.perRequest('provider'),
    bffPerReq: figures.perRequest('bff'),
  };
}

const CORES = availableParallelism();
const busy = () => (loadavg()[0] ?? 0) >= CORES;

/** Waits (up to --quiet seconds) for the machine to calm down; says so when it did not. */
async function awaitQuiet(): Promise<void> {
  const deadline = Date.now() + opts.quietS * 1000;
  while (busy() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5000));
  if (busy()) {
    console.info(
      `warning: load average ${loadAverage()} on ${CORES} cores: other work shares the machine. The paired ratio still ` +
        `compares like with like, but single rounds swing; CPU per request moves less than req/s.`,
    );
  }
}
const num = (x: number, digits: number, width: number) => x.toFixed(digits).padStart(width);

function report(results: Map<string, Tally[]>, loadAtStart: string): boolean {
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
    const verdict = connections === GOAL_CONNECTIONS ? `; ${goal(met, `≥ ${GOAL}×`)}` : '';
    ratios.push(
      `${connections} conn: head ÷ base req/s ${ratio.toFixed(2)}× (medians), ${paired.toFixed(2)}× (median of ` +
        `rounds ${perRound.map((r) => r.toFixed(2)).join(' ')}, ±${(spread * 100).toFixed(0)}%)${verdict}`,
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
  console.info(`load average (1, 5, 15 min): at start ${loadAtStart}, at end ${loadAverage()}`);
  return failed;
}

// ---- the run -----------------------------------------------------------------------------------------------------
async function run(): Promise<boolean> {
  const loadAtStart = loadAverage();
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
    const device = await connect(label, side(label).provider.url, side(label).bff.url, PASSWORD, PROVIDER_CALLER);
    devices.set(label, device);
    answers.set(label, await probe(label, device));
  }
  if (!isDeepStrictEqual(answers.get('base'), answers.get('head'))) {
    throw new Error(`base and head answer GET ${endpoints.companies.path} differently: not the same call to compare`);
  }
  await checkLoadSealing(devices.get('head') as SignedInDevice);
  const size = JSON.stringify(answers.get('head')).length;
  console.info(`both sides answer the same ${size}-character JSON; load average now ${loadAverage()}`);

  loader = loadProcess();
  await awaitQuiet();
  const top = Math.max(...opts.connections);
  for (const label of LABELS) await loader.run(loadJob(devices.get(label) as SignedInDevice, top, opts.warmupS));

  const results = new Map<string, Tally[]>();
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
