// Recovery step 1 for a known and an unknown login (decision 063, amended): the provider's service on the test
// database (PGlite, or PostgreSQL with DATABASE_URL), the e-mail replaced by a no-op so that what is compared is the
// work the unknown path can imitate. "antes" is what the unknown path did before: the user lookup alone. The three
// are interleaved so the machine's load falls on all alike. `npx tsx bench/recovery-step-one.ts`
import { requestCode } from '../src/provider/services/recovery.ts';
import { createHarness } from '../src/provider/test/harness.ts';
import { loadAverage, percentile, sortedOf } from './support/figures.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const WARMUP = 20;

const h = await createHarness();
const user = await h.createUser({});
const deps = {
  db: h.db,
  mailer: { send: async () => {} },
  codeKey: Buffer.alloc(32, 5),
  log: { info() {} },
  address: '203.0.113.7',
};
// A known login may ask for 5 codes an hour: each round is an hour and a minute later.
let now = h.clock().getTime();

const known = async () => requestCode(deps, user.login, new Date(now));
const unknown = async () => requestCode(deps, 'ninguem.cadastrado', new Date(now)).catch(() => undefined);
/** The unknown path before the amendment: one lookup, then the 404. */
const before = async () => {
  await h.handle.sql.query(`select id, name, email from portal_users where login = $1 and status = 'ATIVO'`, [
    'ninguem.cadastrado',
  ]);
};

const runs = [
  { name: 'login conhecido (sem o e-mail)', fn: known, ms: [] as number[] },
  { name: 'login desconhecido (agora)', fn: unknown, ms: [] as number[] },
  { name: 'login desconhecido (antes)', fn: before, ms: [] as number[] },
];
const load = loadAverage();
for (let i = 0; i < WARMUP + ROUNDS; i++) {
  now += 61 * 60 * 1000;
  for (const run of runs) {
    const start = performance.now();
    await run.fn();
    if (i >= WARMUP) run.ms.push(performance.now() - start);
  }
}
await h.close();

const pct = (xs: number[], q: number) => percentile(sortedOf(xs), q);
const [reference] = runs;
console.info(`${h.handle.kind}, ${ROUNDS} rodadas, load ${load}`);
for (const run of runs) {
  const p50 = pct(run.ms, 0.5);
  const ratio = p50 / pct(reference?.ms ?? [], 0.5);
  console.info(
    `${run.name}: p50 ${p50.toFixed(2)} ms, p90 ${pct(run.ms, 0.9).toFixed(2)} ms (${ratio.toFixed(2)}× o conhecido)`,
  );
}
