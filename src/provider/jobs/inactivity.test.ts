// PCI DSS 8.2.6 (decision 076): users idle for 90 days are deactivated by a scheduled job, once, even with several
// provider instances on one PostgreSQL. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, parseConfig, testConfig } from '../../platform/config.ts';
import { type DatabaseHandle, openDatabase } from '../../platform/database.ts';
import { buildProvider } from '../app.ts';
import { testAuditKeys } from '../audit/test-keys.ts';
import { createDb, type Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { auditLog, portalUsers, userSessions } from '../db/schema.ts';
import { cpfFrom, prng } from '../db/seed/seed.ts';
import { buildCompany } from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, freshDatabase, type Harness } from '../test/harness.ts';
import { deactivateInactiveUsers, scheduleInactivityDeactivation } from './inactivity.ts';
import { purgeDeadSessions } from './session-purge.ts';

const DAY = 24 * 60 * 60 * 1000;
const ACTION = 'user.inactivity-deactivate';
const onPostgres = Boolean(process.env.DATABASE_URL);

const quiet = { info() {} };
function capturingLog() {
  const lines: { obj: Record<string, unknown>; msg: string }[] = [];
  return { lines, info: (obj: object, msg: string) => lines.push({ obj: obj as Record<string, unknown>, msg }) };
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

let seq = 0;
const rng = prng(7600 + process.pid);

/** A user whose row last changed `changedDaysAgo` days before `now`, with sessions last used the given days ago. */
async function addUser(
  db: Db,
  now: Date,
  opts: { changedDaysAgo: number; sessionsUsedDaysAgo?: number[]; status?: 'ATIVO' | 'INATIVO' },
) {
  seq += 1;
  const login = `inativo${process.pid}x${seq}`;
  const changed = daysBefore(now, opts.changedDaysAgo);
  const [user] = await db
    .insert(portalUsers)
    .values({
      login,
      document: cpfFrom(rng.digits(9)),
      name: `Usuário Ocioso ${seq}`,
      email: `${login}@example.com`,
      ddi: 55,
      ddd: 11,
      mobile: 912345678,
      status: opts.status ?? 'ATIVO',
      passwordHash: 'scrypt$unused',
      mustChangePassword: false,
      createdAt: changed,
      updatedAt: changed,
    })
    .returning({ id: portalUsers.id });
  if (!user) throw new Error('no user');
  for (const days of opts.sessionsUsedDaysAgo ?? []) {
    const used = daysBefore(now, days);
    await db.insert(userSessions).values({ userId: user.id, createdAt: used, lastUsedAt: used });
  }
  return { id: user.id, login };
}

const statusOf = async (db: Db, id: string) =>
  (await db.select({ status: portalUsers.status }).from(portalUsers).where(eq(portalUsers.id, id)))[0]?.status;

const auditRowsOf = (db: Db, logins: string[]) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, ACTION), inArray(auditLog.target, logins)));

describe('deactivateInactiveUsers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('leaves the freshly seeded demo users alone at the first start', async () => {
    // The seed stamps its users with the database's now(): a first run right after start finds nobody idle.
    expect(await deactivateInactiveUsers(h.db, quiet, new Date())).toBe(0);
    const [demo] = await h.db.select().from(portalUsers).where(eq(portalUsers.login, DEMO.login));
    expect(demo?.status).toBe('ATIVO');
  });

  it('deactivates users idle for 90 days, signs them out and records one security event each', async () => {
    const now = h.clock();
    const used89 = await addUser(h.db, now, { changedDaysAgo: 200, sessionsUsedDaysAgo: [300, 89] });
    const used91 = await addUser(h.db, now, { changedDaysAgo: 200, sessionsUsedDaysAgo: [150, 91] });
    const neverCreated91 = await addUser(h.db, now, { changedDaysAgo: 91 });
    const neverCreatedYesterday = await addUser(h.db, now, { changedDaysAgo: 1 });
    const alreadyInactive = await addUser(h.db, now, { changedDaysAgo: 400, status: 'INATIVO' });
    // One of used91's sessions was signed out long ago: its revocation time is history and stays.
    const oldRevocation = daysBefore(now, 120);
    const [firstSession] = await h.db
      .select({ id: userSessions.id })
      .from(userSessions)
      .where(eq(userSessions.userId, used91.id))
      .orderBy(userSessions.lastUsedAt)
      .limit(1);
    await h.db.update(userSessions).set({ revokedAt: oldRevocation }).where(eq(userSessions.id, firstSession!.id));

    const log = capturingLog();
    expect(await deactivateInactiveUsers(h.db, log, now)).toBe(2);

    expect(await statusOf(h.db, used89.id)).toBe('ATIVO');
    expect(await statusOf(h.db, used91.id)).toBe('INATIVO');
    expect(await statusOf(h.db, neverCreated91.id)).toBe('INATIVO');
    expect(await statusOf(h.db, neverCreatedYesterday.id)).toBe('ATIVO');
    expect(await statusOf(h.db, alreadyInactive.id)).toBe('INATIVO');

    const sessions = await h.db
      .select()
      .from(userSessions)
      .where(inArray(userSessions.userId, [used89.id, used91.id]));
    for (const s of sessions.filter((s) => s.userId === used89.id)) expect(s.revokedAt).toBeNull();
    const revoked = sessions.filter((s) => s.userId === used91.id).map((s) => s.revokedAt?.getTime());
    expect(revoked.sort()).toEqual([oldRevocation.getTime(), now.getTime()].sort());

    const rows = await auditRowsOf(h.db, [
      used89.login,
      used91.login,
      neverCreated91.login,
      neverCreatedYesterday.login,
      alreadyInactive.login,
    ]);
    expect(rows.map((r) => r.target).sort()).toEqual([used91.login, neverCreated91.login].sort());
    const byLogin = new Map(rows.map((r) => [r.target, r]));
    expect(byLogin.get(used91.login)).toMatchObject({
      actorUserId: null,
      companyId: null,
      address: null,
      before: { status: 'ATIVO', lastUsedAt: daysBefore(now, 91).toISOString() },
      after: { status: 'INATIVO' },
    });
    expect(byLogin.get(used91.login)?.at.getTime()).toBe(now.getTime());
    expect(byLogin.get(neverCreated91.login)?.before).toEqual({ status: 'ATIVO', lastUsedAt: null });
    // And one log line per event, for the SIEM.
    expect(log.lines.filter((l) => l.obj.securityEvent === ACTION).map((l) => l.obj.target)).toHaveLength(2);

    // Idempotent: the next run (or a second instance right after) finds nobody and writes nothing.
    expect(await deactivateInactiveUsers(h.db, quiet, now)).toBe(0);
    expect(await deactivateInactiveUsers(h.db, quiet, new Date(now.getTime() + 60_000))).toBe(0);
    expect(await auditRowsOf(h.db, [used91.login, neverCreated91.login])).toHaveLength(2);
    // The INATIVO user kept its old row: not touched, not audited.
    const [inactiveRow] = await h.db.select().from(portalUsers).where(eq(portalUsers.id, alreadyInactive.id));
    expect(inactiveRow?.updatedAt.getTime()).toBe(daysBefore(now, 400).getTime());
  });

  it('counts from the configured number of days', async () => {
    const now = h.clock();
    const used31 = await addUser(h.db, now, { changedDaysAgo: 100, sessionsUsedDaysAgo: [31] });
    const used29 = await addUser(h.db, now, { changedDaysAgo: 100, sessionsUsedDaysAgo: [29] });
    // Users of the other tests idle for 30 to 89 days go too: only these two are this test's to judge.
    await deactivateInactiveUsers(h.db, quiet, now, 30);
    expect(await statusOf(h.db, used31.id)).toBe('INATIVO');
    expect(await statusOf(h.db, used29.id)).toBe('ATIVO');
  });

  it('a deactivated user cannot sign in; failed sign-ins do not count as use; reactivation restarts the count', async () => {
    const now = h.clock();
    // An operator of a company the demo operator administers, who brings them back below.
    const company = await buildCompany(h, { members: [DEMO.login] });
    const user = await h.createUser({ company });
    const signIn = (password: string) =>
      h.app.inject({
        method: 'POST',
        url: '/v0/portal/usuario/login',
        payload: { login: user.login, senha: password },
      });
    await h.token(user.login, user.password);
    // Make that sign-in (and the account's last change) 91 days old.
    const [row] = await h.db.select().from(portalUsers).where(eq(portalUsers.login, user.login));
    await h.db
      .update(portalUsers)
      .set({ createdAt: daysBefore(now, 100), updatedAt: daysBefore(now, 100) })
      .where(eq(portalUsers.id, row!.id));
    await h.db
      .update(userSessions)
      .set({ createdAt: daysBefore(now, 91), lastUsedAt: daysBefore(now, 91) })
      .where(eq(userSessions.userId, row!.id));

    // Someone guessing the password today does not keep the account alive.
    expect((await signIn('Errada-2024-x')).statusCode).toBe(401);
    expect(await deactivateInactiveUsers(h.db, quiet, now)).toBe(1);
    expect(await statusOf(h.db, row!.id)).toBe('INATIVO');

    // The right password no longer opens a session, and says no more than a wrong one would.
    const refused = await signIn(user.password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('LOGIN_FAILED');

    // An administrator brings the user back: the next runs leave them alone, and they can sign in again.
    const admin = await h.token(DEMO.login, DEMO.password);
    const reactivated = await h.app.inject({
      method: 'PUT',
      url: `/v0/portal/usuario/status/${row!.document}`,
      headers: bearer(admin),
      payload: { status: 'ATIVO' },
    });
    expect(reactivated.statusCode).toBe(200);
    expect(await deactivateInactiveUsers(h.db, quiet, now)).toBe(0);
    expect(await statusOf(h.db, row!.id)).toBe('ATIVO');
    expect((await signIn(user.password)).statusCode).toBe(200);
  });
});

describe('sign-ins that count as use', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('counts only sign-ins that passed the second factor: the right password alone does not keep an account', async () => {
    const now = h.clock();
    // An Administrador, so the second factor is asked (decision 091); the account unused for 100 days.
    const user = await h.createUser({ exempt: false });
    const kept = await addUser(h.db, now, { changedDaysAgo: 100, sessionsUsedDaysAgo: [2] });
    await h.db
      .update(portalUsers)
      .set({ createdAt: daysBefore(now, 100), updatedAt: daysBefore(now, 100) })
      .where(eq(portalUsers.login, user.login));
    // Today someone has the password but not the authenticator: the sign-in stops at the second factor.
    const signIn = await h.app.inject({
      method: 'POST',
      url: '/v0/portal/usuario/login',
      payload: { login: user.login, senha: user.password },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const [row] = await h.db.select({ id: portalUsers.id }).from(portalUsers).where(eq(portalUsers.login, user.login));
    const sessions = await h.db.select().from(userSessions).where(eq(userSessions.userId, row!.id));
    expect(sessions.map((s) => s.factorPending)).toEqual([true]);

    await deactivateInactiveUsers(h.db, quiet, now);
    expect(await statusOf(h.db, row!.id)).toBe('INATIVO');
    // A session that passed it, two days ago, keeps its account.
    expect(await statusOf(h.db, kept.id)).toBe('ATIVO');
  });
});

describe('the schedule', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, drop } = await freshDatabase());
    await migrate(handle);
  });
  afterAll(() => drop());

  it('is started with the provider, fires daily at 03:17 in São Paulo, runs the job, and stops on close', async () => {
    const now = new Date();
    const db = createDb(handle, testAuditKeys());
    const idle = await addUser(db, now, { changedDaysAgo: 95 });
    const app = buildProvider({ db: handle, config: testConfig() });
    // The pools keep timers of their own: watch the one the schedule sets, not the process's count.
    const setTimer = vi.spyOn(globalThis, 'setTimeout');
    const job = scheduleInactivityDeactivation(app, handle, testConfig(), { clock: () => now });
    const scheduleTimers = setTimer.mock.results.map((r) => r.value);
    setTimer.mockRestore();
    await app.ready();

    expect(job.isRunning()).toBe(true);
    expect(scheduleTimers).toHaveLength(1);
    // São Paulo has been UTC-3 all year since 2019: 03:17 there is 06:17 UTC.
    const next = job.nextRun(new Date('2026-03-02T12:00:00Z'));
    expect(next?.toISOString()).toBe('2026-03-03T06:17:00.000Z');

    // Fired by hand rather than waiting for 03:17; a run in progress is finished before the app closes.
    const firing = job.trigger();
    const clearTimer = vi.spyOn(globalThis, 'clearTimeout');
    try {
      await app.close();
      expect(clearTimer).toHaveBeenCalledWith(scheduleTimers[0]);
    } finally {
      clearTimer.mockRestore();
    }
    expect(await statusOf(db, idle.id)).toBe('INATIVO');
    await firing;
    expect(job.isStopped()).toBe(true);
    expect(job.isRunning()).toBe(false);
  });

  it('reads INACTIVITY_DAYS and INACTIVITY_CRON, and refuses values that would break PCI DSS 8.2.6 or never fire', () => {
    const defaults = testConfig();
    expect(defaults.INACTIVITY_DAYS).toBe(90);
    expect(defaults.INACTIVITY_CRON).toBe('17 3 * * *');
    expect(testConfig({ INACTIVITY_DAYS: '45', INACTIVITY_CRON: '0 2 * * 1' })).toMatchObject({
      INACTIVITY_DAYS: 45,
      INACTIVITY_CRON: '0 2 * * 1',
    });
    const refused = (env: Record<string, string>) => {
      try {
        parseConfig({ NODE_ENV: 'test', ...env });
        return [];
      } catch (err) {
        if (err instanceof ConfigError) return err.issues;
        throw err;
      }
    };
    expect(refused({ INACTIVITY_DAYS: '91' })).toEqual([expect.stringMatching(/^INACTIVITY_DAYS: /)]);
    expect(refused({ INACTIVITY_DAYS: '0' })).toEqual([expect.stringMatching(/^INACTIVITY_DAYS: /)]);
    expect(refused({ INACTIVITY_CRON: '61 3 * * *' })).toEqual([expect.stringMatching(/^INACTIVITY_CRON: /)]);
    expect(refused({ INACTIVITY_CRON: 'todo dia' })).toEqual([expect.stringMatching(/^INACTIVITY_CRON: /)]);
  });
});

describe.runIf(onPostgres)('several instances on one PostgreSQL', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let second: DatabaseHandle;
  beforeAll(async () => {
    ({ handle, drop } = await freshDatabase());
    await migrate(handle);
    // Another provider instance: its own pool on the same database.
    second = await openDatabase({ databaseUrl: (handle.client as pg.Pool).options.connectionString });
  });
  afterAll(async () => {
    await second.close();
    await drop();
  });

  it('two instances firing at the same moment deactivate each user once, with one audit row each', async () => {
    const [dbA, dbB] = [createDb(handle, testAuditKeys()), createDb(second, testAuditKeys())];
    for (let round = 0; round < 5; round++) {
      const now = new Date(Date.now() + round * 1000);
      const stale = [];
      for (let i = 0; i < 20; i++) {
        stale.push(await addUser(dbA, now, { changedDaysAgo: 120, sessionsUsedDaysAgo: i % 2 ? [95] : [] }));
      }
      const counts = await Promise.all([
        deactivateInactiveUsers(dbA, quiet, now),
        deactivateInactiveUsers(dbB, quiet, now),
      ]);
      expect(counts.sort((a, b) => a - b)).toEqual([0, stale.length]);
      const rows = await auditRowsOf(
        dbA,
        stale.map((u) => u.login),
      );
      expect(rows.map((r) => r.target).sort()).toEqual(stale.map((u) => u.login).sort());
      for (const u of stale) expect(await statusOf(dbA, u.id)).toBe('INATIVO');
    }
  });

  it('an instance that finds the lock taken skips the run and changes nothing', async () => {
    const db = createDb(handle, testAuditKeys());
    const now = new Date();
    const idle = await addUser(db, now, { changedDaysAgo: 120 });
    const holder = new pg.Client({ connectionString: (second.client as pg.Pool).options.connectionString });
    await holder.connect();
    try {
      await holder.query(`select pg_advisory_lock(hashtext('fidis:provider:inactivity'))`);
      const log = capturingLog();
      expect(await deactivateInactiveUsers(db, log, now)).toBe(0);
      expect(log.lines.map((l) => l.msg)).toEqual([expect.stringMatching(/another instance/)]);
      expect(await statusOf(db, idle.id)).toBe('ATIVO');
      await holder.query(`select pg_advisory_unlock(hashtext('fidis:provider:inactivity'))`);
      expect(await deactivateInactiveUsers(db, quiet, now)).toBe(1);
    } finally {
      await holder.end();
    }
  });
});

describe('purgeDeadSessions', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  const sessionsOf = async (id: string) =>
    (await h.db.select().from(userSessions).where(eq(userSessions.userId, id))).map((s) => s.lastUsedAt.getTime());

  it('deletes dead sessions but each user’s newest, so the inactivity rule judges the same afterwards', async () => {
    const now = h.clock();
    const nearlyIdle = await addUser(h.db, now, { changedDaysAgo: 200, sessionsUsedDaysAgo: [300, 150, 89] });
    const busy = await addUser(h.db, now, { changedDaysAgo: 200, sessionsUsedDaysAgo: [5, 3, 2, 0.001] });
    const single = await addUser(h.db, now, { changedDaysAgo: 400, sessionsUsedDaysAgo: [95] });

    const purged = await purgeDeadSessions(h.db, now);
    expect(purged).toBeGreaterThanOrEqual(5);
    expect(await sessionsOf(nearlyIdle.id)).toEqual([daysBefore(now, 89).getTime()]);
    // The live session (used a minute ago) stays, and so does nothing else of a day or more.
    expect(await sessionsOf(busy.id)).toEqual([daysBefore(now, 0.001).getTime()]);
    expect(await sessionsOf(single.id)).toEqual([daysBefore(now, 95).getTime()]);

    // The user last seen 89 days ago is still judged by that use, not by the account's older change.
    expect(await deactivateInactiveUsers(h.db, quiet, now)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(h.db, nearlyIdle.id)).toBe('ATIVO');
    expect(await statusOf(h.db, single.id)).toBe('INATIVO');
    // A second purge finds nothing more for these users.
    await purgeDeadSessions(h.db, now);
    expect(await sessionsOf(nearlyIdle.id)).toHaveLength(1);
  });

  it('keeps one of two sessions last used at the same instant', async () => {
    const now = h.clock();
    const twins = await addUser(h.db, now, { changedDaysAgo: 30, sessionsUsedDaysAgo: [10, 10] });
    await purgeDeadSessions(h.db, now);
    expect(await sessionsOf(twins.id)).toHaveLength(1);
  });
});
