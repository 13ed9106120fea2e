// Where the network authorization's time goes on PostgreSQL (issue 30): the path run in-process, one authorization
// after another with no HTTP and no other load, each statement the driver sends timed, beside two floors — one
// `select 1`, and five trivial statements in a transaction on one connection (the path's round trips with nothing to
// do). What the statements' sum leaves of the whole is the path's own JavaScript (drizzle building and mapping the
// queries, the transaction's bookkeeping). Uses the database bench/network.ts keeps: run that once first.
// Knobs: BENCH_STEPS (1000 authorizations; the first 5 % are not counted), BENCH_PACE_MS (0: one after another; 40
// is the pace of 25 a second, where the database's backend and the process sleep between two authorizations and
// each statement pays for waking them).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/platform/database.ts';
import { createDb } from '../src/provider/db/client.ts';
import { accounts, cards } from '../src/provider/db/schema.ts';
import { authorizeNetworkPurchase } from '../src/provider/services/spending/authorize.ts';
import { benchDatabaseUrl } from './support/databases.ts';
import { loadAverage, percentile, sortedOf } from './support/figures.ts';

const STEPS = Number(process.env.BENCH_STEPS ?? 1000);
const WARM = Math.ceil(STEPS / 20);
const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 0);
const pause = () => (PACE_MS > 0 ? new Promise((resolve) => setTimeout(resolve, PACE_MS)) : undefined);

const handle = await openDatabase({ databaseUrl: await benchDatabaseUrl('fidis_bench_network') });
const db = createDb(handle);
const pool = handle.client as pg.Pool;

// Every statement the driver sends, timed from the call to its answer, by its first words.
const byStatement = new Map<string, number[]>();
let counting = false;
const send = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  const text = typeof config === 'string' ? config : ((config as { text?: string })?.text ?? '');
  const started = performance.now();
  const answer = (send as (...args: unknown[]) => unknown).call(this, config, ...rest);
  if (counting && answer instanceof Promise) {
    void answer.then(
      () => {
        const key = text.replace(/\s+/g, ' ').slice(0, 36);
        byStatement.set(key, [...(byStatement.get(key) ?? []), performance.now() - started]);
      },
      () => undefined,
    );
  }
  return answer;
} as typeof send;

const figures = (samples: number[]) => {
  const sorted = sortedOf(samples);
  return `p50 ${percentile(sorted, 0.5).toFixed(2)} ms  p99 ${percentile(sorted, 0.99).toFixed(2)} ms`;
};

const usable = await db
  .select({ id: cards.id })
  .from(cards)
  .innerJoin(accounts, eq(accounts.id, cards.accountId))
  .where(and(eq(cards.status, 'Actived'), eq(cards.activeFlag, 'S'), eq(accounts.statusDescription, 'NORMAL')));
if (usable.length === 0) throw new Error('no usable card: run `npm run bench -- network` once first');

const whole: number[] = [];
for (let i = 0; i < STEPS; i++) {
  counting = i >= WARM;
  await pause();
  const started = performance.now();
  await authorizeNetworkPurchase(db, {
    requestId: randomUUID(),
    cardId: usable[i % usable.length]?.id ?? '',
    valueCents: 1234,
    merchantName: 'LOJA',
    mcc: 5812,
    merchantCountry: 'BR',
    channel: 'PRESENCIAL',
    at: new Date(),
  });
  if (counting) whole.push(performance.now() - started);
}
counting = false;
const one: number[] = [];
for (let i = 0; i < STEPS; i++) {
  await pause();
  const started = performance.now();
  await pool.query('select 1');
  one.push(performance.now() - started);
}
const five: number[] = [];
for (let i = 0; i < STEPS / 2; i++) {
  await pause();
  const client = await pool.connect();
  const started = performance.now();
  for (const text of ['begin', 'select 1', 'select 1', 'select 1', 'commit']) await client.query(text);
  five.push(performance.now() - started);
  client.release();
}
console.info(
  `  ${whole.length} authorizations, in-process, PostgreSQL, ${PACE_MS > 0 ? `${PACE_MS} ms apart` : 'one after another'}`,
);
console.info(`  the whole path                 ${figures(whole)}`);
for (const [statement, samples] of byStatement) console.info(`    ${statement.padEnd(36)} ${figures(samples)}`);
console.info(`  floor: select 1                ${figures(one)}`);
console.info(`  floor: 5 trivial round trips   ${figures(five)}`);
console.info(`  load average ${loadAverage()}`);
await handle.close();
