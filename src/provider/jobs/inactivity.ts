// PCI DSS 8.2.6: a portal user nobody has used for INACTIVITY_DAYS (at most 90) is deactivated by the provider
// itself, on a schedule (decision 076). Every provider instance keeps the schedule; on a shared PostgreSQL a
// transaction-scoped advisory lock lets one of them do the work per firing, and the work is idempotent, so an
// instance whose clock runs a little late finds nobody left.
import { Cron } from 'croner';
import { and, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Config, INACTIVITY_TIMEZONE } from '../../platform/config.ts';
import type { DatabaseHandle } from '../../platform/database.ts';
import { loadMasterKey, type MasterKeySource } from '../../platform/master-key.ts';
import { auditKeys } from '../audit/keys.ts';
import { createDb, type Db } from '../db/client.ts';
import { portalUsers, userSessions } from '../db/schema.ts';
import { recordSecurityEvent, type SecurityLog } from '../services/security-events.ts';
import { purgeDeadSessions } from './session-purge.ts';

export const DEFAULT_INACTIVITY_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Also the name other instances contend for; distinct from the start-up lock (platform/database.ts). */
const LOCK_KEY = 'fidis:provider:inactivity';

/**
 * The last time the account was used: its newest session's last use (sessions are opened at sign-in and renewed
 * on every call), or, when later, the last change to the account row. updated_at moves at creation, when an
 * administrator reactivates the user or edits them, and at first access and password recovery; it never moves on a
 * failed sign-in, so guessing passwords cannot keep a dormant account alive. Nor can the right password alone
 * (issue 29): a session still waiting for the second factor is no use of the account. Without updated_at a
 * reactivated user would be deactivated again by the next run.
 */
const lastSessionUse = sql<Date | null>`(select max(${userSessions.lastUsedAt}) from ${userSessions} where ${userSessions.userId} = ${portalUsers.id} and not ${userSessions.factorPending})`;
const idleSince = sql<Date>`greatest(${portalUsers.updatedAt}, ${lastSessionUse})`;

/**
 * Deactivates every ATIVO user idle for `days` or more at `now`, signs them out everywhere and records one
 * `user.inactivity-deactivate` security event each, all in one transaction. Returns how many it deactivated: 0
 * also when another instance holds the job's lock (it is doing this very work).
 */
export async function deactivateInactiveUsers(
  db: Db,
  log: SecurityLog,
  now: Date,
  days: number = DEFAULT_INACTIVITY_DAYS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  return db.transaction(async (tx) => {
    // Released at commit: a run that dies half-way leaves no lock behind and changes nothing.
    const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${LOCK_KEY})) as got`)) as unknown as {
      rows: { got: boolean }[];
    };
    if (!lock.rows[0]?.got) {
      log.info({ job: 'inactivity' }, 'another instance is deactivating inactive users; this run skipped');
      return 0;
    }
    // status = 'ATIVO' in the UPDATE itself: even without the lock, a row another transaction deactivated first is
    // re-checked after its commit and left out, so no user is deactivated (or audited) twice.
    const deactivated = await tx
      .update(portalUsers)
      .set({ status: 'INATIVO', updatedAt: now })
      .where(and(eq(portalUsers.status, 'ATIVO'), sql`${idleSince} <= ${cutoff.toISOString()}::timestamptz`))
      .returning({ id: portalUsers.id, login: portalUsers.login });
    if (deactivated.length === 0) return 0;
    const ids = deactivated.map((u) => u.id);
    // Read apart: drizzle writes RETURNING columns unqualified, which would tie the subquery to user_sessions.id.
    const lastUses = await tx
      .select({ userId: userSessions.userId, at: max(userSessions.lastUsedAt) })
      .from(userSessions)
      .where(and(inArray(userSessions.userId, ids), eq(userSessions.factorPending, false)))
      .groupBy(userSessions.userId);
    const lastUseOf = new Map(lastUses.map((u) => [u.userId, u.at]));
    await tx
      .update(userSessions)
      .set({ revokedAt: now })
      .where(and(inArray(userSessions.userId, ids), isNull(userSessions.revokedAt)));
    for (const user of deactivated) {
      await recordSecurityEvent(tx, log, {
        type: 'user.inactivity-deactivate',
        actorUserId: null,
        target: user.login,
        at: now,
        companyId: null,
        address: null,
        before: { status: 'ATIVO', lastUsedAt: lastUseOf.get(user.id)?.toISOString() ?? null },
        after: { status: 'INATIVO' },
      });
    }
    return deactivated.length;
  });
}

export interface InactivityScheduleOptions {
  /** The instant a run judges idleness against; the real clock unless a test says otherwise. */
  clock?: () => Date;
}

/**
 * Starts the daily run on this provider and stops it when the app closes, after any run in progress ends (so the
 * database is not closed under it). Call before `listen`; the schema must already be migrated.
 */
export function scheduleInactivityDeactivation(
  app: FastifyInstance,
  handle: DatabaseHandle,
  config: Pick<Config, 'INACTIVITY_DAYS' | 'INACTIVITY_CRON'> & MasterKeySource,
  opts: InactivityScheduleOptions = {},
): Cron {
  // Its deactivations are audit rows: written with the chain's keys, as the provider's own (decision 125).
  const db = createDb(handle, auditKeys(loadMasterKey(config)));
  const clock = opts.clock ?? (() => new Date());
  let running: Promise<void> | undefined;
  const run = async () => {
    try {
      const now = clock();
      const count = await deactivateInactiveUsers(db, app.log, now, config.INACTIVITY_DAYS);
      app.log.info({ job: 'inactivity', deactivated: count }, 'inactive users deactivated');
      // After the deactivation, which reads the sessions' last use; the purge keeps each user's newest.
      const purged = await purgeDeadSessions(db, now);
      app.log.info({ job: 'inactivity', purgedSessions: purged }, 'dead sessions purged');
    } catch (err) {
      // A failed run changed nothing (one transaction); the next firing tries again.
      app.log.error({ err, job: 'inactivity' }, 'could not deactivate inactive users');
    }
  };
  const job = new Cron(
    config.INACTIVITY_CRON,
    // protect: a run still going when the next one is due (a huge table, a slow database) is not doubled.
    { timezone: INACTIVITY_TIMEZONE, protect: true },
    () => {
      running = run();
      return running;
    },
  );
  app.addHook('onClose', async () => {
    job.stop();
    await running;
  });
  return job;
}
