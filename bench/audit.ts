// The audit trail screen (decision 089) at a million rows for one company, on PGlite and on PostgreSQL: the
// screen's query for the last 3 months through the provider's own service code (auditPage; no HTTP, so only the
// database work is timed) — the first page, a filtered page (operator and action), a card's page and a deep keyset
// page (the 21st) — side by side with the same calls inside a transaction that dropped the trail's indexes
// (rolled back afterwards). Samples are interleaved round by round, so a busy machine slows both alike; the figures
// are the median and the worst of the rounds, and the unindexed ÷ indexed ratio. Not a test: nothing asserts, a goal
// missed is printed as such.
//
// The rows: 800 000 audit_log rows of company A (user changes, exports, bulk rows), 100 000 rows about no company
// by its demo operator (sign-ins) and 200 000 card_events of its cards, spread over the last 12 months, plus 100 000
// rows of another company. They are inserted with generate_series under `session_replication_role = replica`, which
// skips the triggers (the actor snapshot and the tamper-evident chain of decision 086, computed row by row): the
// chain is not what is measured, and the bench database is not verified. Made once and kept: PGlite's under
// .bench-data/audit, PostgreSQL's in its own database (fidis_bench_audit).
// Knobs: BENCH_ENGINES (pglite,postgres), BENCH_ROUNDS (5), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/test).

import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/platform/database.ts';
import { createDb, type Db } from '../src/provider/db/client.ts';
import { type AuditFilters, auditPage, auditPeriod } from '../src/provider/services/audit-trail.ts';
import { eachEngine, seconds } from './support/databases.ts';
import { goal, median } from './support/figures.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const GOAL_MS = 1000;
const TRAIL_INDEXES = [
  'audit_log_company_at_id',
  'audit_log_company_login_at_id',
  'audit_log_company_action_at_id',
  'card_events_company_login_at_id',
  'card_events_company_action_at_id',
  'audit_log_company_at',
  'audit_log_actor_at_id',
  'audit_log_at',
  'card_events_company_at_id',
];

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The trail's rows of the first company, added once to the kept demo. */
async function prepare(engine: string, handle: DatabaseHandle): Promise<{ db: Db; companyId: number }> {
  const db = createDb(handle);
  const [a, b] = await rowsOf<{ id: number }>(db, sql`select id from companies order by id limit 2`);
  const companyId = a?.id as number;
  const [{ n } = { n: 0 }] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from card_events where company_id = ${companyId}`,
  );
  if (n >= 200_000) {
    console.info(`  ${engine}: reusing the million rows`);
    return { db, companyId };
  }
  const started = performance.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    const when = sql`date_trunc('milliseconds', now() - random() * interval '365 days')`;
    await tx.execute(sql`insert into audit_log (actor_login, actor_name, at, action, target, before, after, company_id,
        address)
      select 'operador' || (g % 20), 'Operador ' || (g % 20), ${when},
        (array['user.update','export.csv','bulk.limits','user.create','user.deactivate'])[1 + g % 5],
        'usuario:operador' || (g % 20), jsonb_build_object('name', 'Antes ' || g),
        jsonb_build_object('name', 'Depois ' || g), ${companyId}, '10.0.' || (g % 250) || '.' || (g % 7)
      from generate_series(1, 800000) g`);
    await tx.execute(sql`insert into audit_log (actor_user_id, actor_login, actor_name, at, action, target, address)
      select u.id, u.login, u.name, ${when}, 'login.success', u.login, '10.1.0.' || (g % 250)
      from generate_series(1, 100000) g, (select id, login, name from portal_users where login = 'demo') u`);
    await tx.execute(sql`insert into audit_log (actor_login, actor_name, at, action, target, company_id)
      select 'outro' || (g % 5), 'Outro ' || (g % 5), ${when}, 'user.update', 'usuario:outro', ${b?.id ?? companyId}
      from generate_series(1, 100000) g`);
    await tx.execute(sql`insert into card_events (card_id, actor_login, actor_name, at, action, before, after, address,
        company_id)
      select ids.arr[1 + g % ids.n], 'operador' || (g % 20), 'Operador ' || (g % 20), ${when},
        (array['BLOCK','ACTIVATE','LIMIT_CHANGE','HOLDER_UPDATE'])[1 + g % 4],
        jsonb_build_object('status', 'Actived'), jsonb_build_object('status', 'Blocked'), '10.2.0.' || (g % 250),
        ${companyId}
      from generate_series(1, 200000) g,
        (select array_agg(c.id) as arr, count(*)::int as n from cards c join accounts a on a.id = c.account_id
          where a.company_id = ${companyId}) ids`);
  });
  await db.execute(sql`analyze audit_log`);
  await db.execute(sql`analyze card_events`);
  console.info(`  ${engine}: 1 000 000 trail rows of one company (+100 000 of another) in ${seconds(started)}`);
  return { db, companyId };
}

interface Sample {
  name: string;
  run: (db: Db) => Promise<unknown>;
}

const worst = (xs: number[]) => Math.max(...xs);

async function measure(engine: string, handle: DatabaseHandle) {
  const { db, companyId } = await prepare(engine, handle);
  // The last 3 months, Brasília days.
  const now = new Date();
  const from = new Date(now.getTime() - 91 * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);
  const period = auditPeriod(now, from, undefined);
  const [card] = await rowsOf<{ last4: string }>(
    db,
    sql`select c.last4 from cards c join accounts a on a.id = c.account_id where a.company_id = ${companyId}
      order by c.last4 limit 1`,
  );
  // The cursor of page 21, walked once with the indexes.
  let cursor: string | undefined;
  for (let i = 0; i < 20; i++) cursor = (await auditPage(db, companyId, period, { cursor })).next ?? undefined;
  const page = (filters: AuditFilters) => (on: Db) => auditPage(on, companyId, period, filters);
  const samples: Sample[] = [
    { name: 'first page', run: page({}) },
    { name: 'operator', run: page({ operator: 'operador7' }) },
    { name: 'rare action', run: page({ action: 'login.locked' }) },
    { name: 'operator + action, 0', run: page({ operator: 'operador7', action: 'user.create' }) },
    { name: 'card (last 4)', run: page({ card: card?.last4 }) },
    { name: 'page 21 (keyset)', run: page({ cursor }) },
  ];
  const times = new Map<string, { indexed: number[]; bare: number[] }>();
  for (const s of samples) times.set(s.name, { indexed: [], bare: [] });
  for (const s of samples) await s.run(db); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of samples) {
      const t0 = performance.now();
      await s.run(db);
      times.get(s.name)?.indexed.push(performance.now() - t0);
    }
    // The same calls without the trail's indexes: dropped inside a transaction, rolled back.
    await db
      .transaction(async (tx) => {
        for (const index of TRAIL_INDEXES) await tx.execute(sql.raw(`drop index if exists ${index}`));
        for (const s of samples) {
          const t0 = performance.now();
          await s.run(tx as unknown as Db);
          times.get(s.name)?.bare.push(performance.now() - t0);
        }
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message + error.name)) throw error;
      });
  }
  console.info(`\n  ${engine}: the last 3 months (${period.from} → ${period.to}), ${ROUNDS} rounds, ms`);
  console.info('  query                 indexed p50   worst   unindexed p50   worst   ratio');
  for (const s of samples) {
    const t = times.get(s.name) as { indexed: number[]; bare: number[] };
    const ratio = median(t.bare) / Math.max(median(t.indexed), 0.01);
    console.info(
      `  ${s.name.padEnd(20)} ${median(t.indexed).toFixed(1).padStart(11)} ${worst(t.indexed).toFixed(1).padStart(7)}` +
        ` ${median(t.bare).toFixed(1).padStart(15)} ${worst(t.bare).toFixed(1).padStart(7)} ${ratio.toFixed(1).padStart(6)}×` +
        `   ${goal(worst(t.indexed) < GOAL_MS, `< ${GOAL_MS / 1000} s`)}`,
    );
  }
}

await eachEngine(
  { postgres: 'fidis_bench_audit', pglite: '.bench-data/audit', accounts: 2000 },
  measure,
  (engine) => `${engine}: the audit trail`,
);
