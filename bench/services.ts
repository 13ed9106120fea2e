// The provider's read services, this checkout against a base revision, in one run (issue 17): a change to a
// service's statements or mapping measured without HTTP, sockets or a load generator around it, whose noise on this
// 2-core machine is wider than the change (bench/provider's CPU per call swung ±30 % between runs of the same code).
//
// How: each side is a process of its own (bench/services-side.ts) that loads companies, the first page of accounts,
// the card consult and the authorization history from its own checkout, each as its route calls it, on its own copy
// of one seeded PGlite folder (or both on one PostgreSQL database, which each side reaches by its own pool). Both
// answers must be the same before anything is timed. Then rounds of N calls alternate between the sides (base, head,
// head, base, …), only one side running at a time, and each reports its CPU per call: the ratio head ÷ base is taken
// per round, and its median and range are printed. Not a test: nothing asserts.
//
// `npm run bench -- services [--base=REV | --base-dir=DIR] [--engine=pglite|postgres] [--calls=…] [--n=300]
//  [--rounds=12] [--postgres-url=postgres://postgres@127.0.0.1:5432/test]`
import { type ChildProcess, fork } from 'node:child_process';
import { join, resolve } from 'node:path';
import { checkoutOf, describeWorkingTree, ensureDependencies, existingCheckout } from './compare-checkout.ts';
import { parseFlags } from './flags.ts';
import { benchConfig } from './provider-server.ts';
import type { ServiceCall, SideReply, SideRequest } from './services-side.ts';
import { BENCH_DEMO, providerDataForSides } from './support/databases.ts';
import { loadAverage, median } from './support/figures.ts';

const CANDIDATE_DIR = resolve(import.meta.dirname, '..');
const flags = parseFlags();
const engine = flags.get('engine') ?? 'pglite';
if (engine !== 'pglite' && engine !== 'postgres') throw new Error('--engine must be pglite or postgres');
const N = Number(flags.get('n') ?? 300);
const ROUNDS = Number(flags.get('rounds') ?? 12);
const CALLS = (flags.get('calls') ?? 'companies,accounts,consult,history').split(',') as ServiceCall[];
const PG_SERVER = flags.get('postgres-url') ?? 'postgres://postgres@127.0.0.1:5432/test';
const PG_DATABASE = 'bench_services';
/** The demo operator's password in every bench database. */
const PASSWORD = BENCH_DEMO.password;

type Label = 'base' | 'head';

const base = flags.has('base-dir')
  ? existingCheckout(flags.get('base-dir') as string)
  : checkoutOf(CANDIDATE_DIR, flags.get('base') ?? 'HEAD');
ensureDependencies(base, CANDIDATE_DIR);
console.info(`base: ${base.dir} at ${base.commit.slice(0, 7)}; head: ${describeWorkingTree(CANDIDATE_DIR)}`);

// ---- one seeded database, a copy per side (PGlite) or one shared (PostgreSQL) --------------------------------------
const data = await providerDataForSides(engine, ['base', 'head'] as const, {
  database: PG_DATABASE,
  server: PG_SERVER,
  config: benchConfig(),
  demoPassword: PASSWORD,
});
/** Each side's database, as FIDIS_SIDE_DATABASE names it: a PGlite folder or a PostgreSQL URL. */
const databases = Object.fromEntries(
  Object.entries(data.options).map(([label, o]) => [label, o.databaseUrl ?? o.dataDir ?? '']),
) as Record<Label, string>;

// ---- the two sides -----------------------------------------------------------------------------------------------
const sides = new Map<Label, ChildProcess>();
type Answered = Extract<SideReply, { ok: true }>;
function ask(label: Label, request: SideRequest | null): Promise<Answered> {
  const child = sides.get(label);
  if (!child) throw new Error(`no ${label} side`);
  return new Promise((done, fail) => {
    const died = (code: number | null) => fail(new Error(`the ${label} side exited (${code})`));
    child.once('exit', died);
    child.once('message', (reply: SideReply) => {
      child.off('exit', died);
      if (!reply.ok) fail(new Error(`${label}: ${reply.error}`));
      else done(reply);
    });
    if (request) child.send(request);
  });
}

try {
  for (const [label, root] of [
    ['base', base.dir],
    ['head', CANDIDATE_DIR],
  ] as const) {
    const child = fork(join(import.meta.dirname, 'services-side.ts'), [], {
      env: { ...process.env, FIDIS_SIDE_ROOT: root, FIDIS_SIDE_DATABASE: databases[label] },
      execArgv: ['--import', 'tsx'],
    });
    sides.set(label, child);
    await ask(label, null); // its "ready"
  }
  console.info(`\n${engine}: ${ROUNDS} rounds × ${N} calls per side, alternating; load average ${loadAverage()}`);
  console.info(`  call        base µs/call  head µs/call  head ÷ base (median, rounds' range)`);
  for (const call of CALLS) {
    const [a, b] = [await ask('base', { op: 'answer', call }), await ask('head', { op: 'answer', call })];
    const added = addedFields(a.answer, b.answer);
    if (added === null) throw new Error(`${call}: base and head answer differently`);
    // A field the head's contract added beside the spec's (issue 27's status reason) is said, not taken for a change.
    if (added.length > 0) console.info(`  ${call}: the head also answers ${added.join(', ')}`);
    // Warm-up: plans kept, the JIT settled.
    for (const label of ['base', 'head'] as const) await ask(label, { op: 'run', call, n: N });
    const cpu: Record<Label, number[]> = { base: [], head: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order: Label[] = round % 2 === 0 ? ['base', 'head'] : ['head', 'base'];
      for (const label of order) cpu[label].push((await ask(label, { op: 'run', call, n: N })).cpuUs ?? Number.NaN);
    }
    const ratios = cpu.head.map((h, i) => h / (cpu.base[i] ?? Number.NaN));
    console.info(
      `  ${call.padEnd(10)}${median(cpu.base).toFixed(0).padStart(14)}${median(cpu.head).toFixed(0).padStart(14)}` +
        `  ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
    );
  }
  console.info(`  load average at end ${loadAverage()}`);
} finally {
  for (const child of sides.values()) child.disconnect();
  await Promise.all([...sides.values()].map((c) => new Promise((done) => c.once('exit', done))));
  await data.cleanup();
}

/**
 * Null when the answers differ in what the base answers; otherwise the fields the head adds (none when equal): the
 * base's answer with the head's extra object keys removed must be the head's.
 */
function addedFields(baseAnswer: unknown, headAnswer: unknown): string[] | null {
  if (baseAnswer === headAnswer) return [];
  const added = new Set<string>();
  const trim = (base: unknown, head: unknown): unknown => {
    if (Array.isArray(base) && Array.isArray(head)) return head.map((h, i) => trim(base[i], h));
    if (base && head && typeof base === 'object' && typeof head === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(head)) {
        if (k in base) out[k] = trim((base as Record<string, unknown>)[k], v);
        else added.add(k);
      }
      return out;
    }
    return head;
  };
  const parse = (answer: unknown) => (typeof answer === 'string' ? JSON.parse(answer) : answer);
  const base = parse(baseAnswer);
  const trimmed = trim(base, parse(headAnswer));
  return JSON.stringify(trimmed) === JSON.stringify(base) ? [...added] : null;
}
