// Sign-in with the scrypt cost of before decision 062 (N=2^14) and the OWASP one (N=2^17), side by side in one run:
// the same provider sign-in service on the same PGlite database, the two users' sign-ins interleaved so the
// machine's load falls on both alike. Each sign-in keeps the cost its user's hash has (no rehash in between).
import { availableParallelism } from 'node:os';
import { eq } from 'drizzle-orm';
import { testConfig } from '../src/platform/config.ts';
import { portalUsers } from '../src/provider/db/schema.ts';
import { createMailer } from '../src/provider/mail/mailer.ts';
import { hashPassword, LEGACY_COST, OWASP_COST, type ScryptCost } from '../src/provider/services/passwords.ts';
import { signIn } from '../src/provider/services/sign-in.ts';
import { createHarness } from '../src/provider/test/harness.ts';
import { loadAverage, median } from './support/figures.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 25);
const PASSWORD = 'SenhaBench2024';

const h = await createHarness();
const log = { info() {}, warn() {} };
const mailer = createMailer(testConfig(), h.db, log, h.clock);

async function userWith(cost: ScryptCost) {
  const user = await h.createUser({});
  const passwordHash = await hashPassword(PASSWORD, cost);
  await h.db.update(portalUsers).set({ passwordHash }).where(eq(portalUsers.login, user.login));
  return user.login;
}

const runs = [
  { name: 'N=2^14 (antes)', cost: LEGACY_COST, login: await userWith(LEGACY_COST), ms: [] as number[] },
  { name: 'N=2^17 (OWASP)', cost: OWASP_COST, login: await userWith(OWASP_COST), ms: [] as number[] },
];
const load = loadAverage();
for (let i = 0; i < ROUNDS; i++) {
  for (const run of runs) {
    const start = performance.now();
    await signIn({ db: h.db, mailer, log, address: null, cost: run.cost }, run.login, PASSWORD, h.clock());
    run.ms.push(performance.now() - start);
  }
}
await h.close();

const [before, after] = runs.map((run) => ({ ...run, p50: median(run.ms) }));
for (const run of [before, after])
  console.info(`${run?.name}: sign-in p50 ${run?.p50.toFixed(1)} ms (${ROUNDS} sign-ins)`);
console.info(`ratio OWASP / antes: ${((after?.p50 ?? 0) / (before?.p50 ?? 1)).toFixed(2)}×`);
console.info(`load average at start: ${load} on ${availableParallelism()} CPUs`);
