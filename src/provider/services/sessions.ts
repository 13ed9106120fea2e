// Server-side sessions behind the bearer tokens: idle expiry after 15 minutes (PCI DSS 8.2.8), renewed on use.
// A session may wait for its second factor (factor_pending) and remembers when the operator last proved who they are
// (checked_at), which the step-up of decision 091 measures.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { STEP_UP_MAX_AGE_MS } from '../../contracts/second-factor.ts';
import type { Db } from '../db/client.ts';
import { preparedRead } from '../db/prepared.ts';
import { portalUsers, userSessions } from '../db/schema.ts';
import type { SessionCache } from './session-cache.ts';

export const SESSION_IDLE_MS = 15 * 60 * 1000;
/** Renewing on every call would write on every call; within this window the previous renewal stands. */
const RENEWAL_THROTTLE_MS = 30 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Principal {
  userId: string;
  sessionId: string;
  login: string;
  name: string;
  mustChangePassword: boolean;
  /** The password was right but the second factor is still due: only the factor's own calls may run. */
  factorPending: boolean;
  /** The last proof of identity (sign-in, code, step-up) is older than the step-up window (decision 091). */
  stepUpDue: boolean;
}

/**
 * Opens a session. A pending one (the second factor still due) has no check yet: its check is the code. A full one
 * was checked by the password that opened it.
 */
export async function openSession(db: Db, userId: string, now: Date, factorPending = false): Promise<string> {
  const [row] = await db
    .insert(userSessions)
    .values({ userId, createdAt: now, lastUsedAt: now, factorPending, checkedAt: factorPending ? null : now })
    .returning({ id: userSessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

/** Every authenticated call reads its session and user: the busiest statement of all, prepared once. */
const sessionRead = preparedRead('session', (db, name) =>
  db
    .select({
      lastUsedAt: userSessions.lastUsedAt,
      revokedAt: userSessions.revokedAt,
      createdAt: userSessions.createdAt,
      checkedAt: userSessions.checkedAt,
      factorPending: userSessions.factorPending,
      userId: portalUsers.id,
      login: portalUsers.login,
      name: portalUsers.name,
      status: portalUsers.status,
      mustChangePassword: portalUsers.mustChangePassword,
    })
    .from(userSessions)
    .innerJoin(portalUsers, eq(portalUsers.id, userSessions.userId))
    .where(eq(userSessions.id, sql.placeholder('sessionId')))
    .prepare(name),
);

/** A session and its user as every authenticated call reads them (and session-cache.ts keeps them). */
export type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionRead>['execute']>>[number];

/**
 * The signed-in user behind a live session (renewing it), or null when it is unknown, revoked or idle.
 * `stepUpMaxAgeMs` is how long a proof of identity vouches for the operator (STEP_UP_MAX_AGE_S). With `cache`, a
 * session this instance read within the last second answers without the database (session-cache.ts).
 */
export async function touchSession(
  db: Db,
  sessionId: string,
  userId: string,
  now: Date,
  stepUpMaxAgeMs = STEP_UP_MAX_AGE_MS,
  cache?: SessionCache,
): Promise<Principal | null> {
  if (!UUID.test(sessionId)) return null;
  const at = now.getTime();
  const cached = cache?.get(sessionId, at);
  // A renewal that is due is a write, and the idle expiry is the database's to judge: both read through the cache.
  const fresh = cached !== undefined && at - cached.lastUsedAt.getTime() <= RENEWAL_THROTTLE_MS;
  let row: SessionRow | undefined = fresh ? cached : (await sessionRead(db).execute({ sessionId }))[0];
  if (!row || row.userId !== userId || row.revokedAt || row.status !== 'ATIVO') return null;
  const idle = at - row.lastUsedAt.getTime();
  if (idle > SESSION_IDLE_MS) return null;
  if (idle > RENEWAL_THROTTLE_MS) {
    await db
      .update(userSessions)
      .set({ lastUsedAt: now })
      .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)));
    row = { ...row, lastUsedAt: now };
  }
  if (!fresh) cache?.set(sessionId, row, at);
  return {
    userId: row.userId,
    sessionId,
    login: row.login,
    name: row.name,
    mustChangePassword: row.mustChangePassword,
    factorPending: row.factorPending,
    // A session from before decision 091 has no check recorded: its sign-in was its check.
    stepUpDue: now.getTime() - (row.checkedAt ?? row.createdAt).getTime() > stepUpMaxAgeMs,
  };
}

/**
 * The operator proved who they are again (a code, a password at step-up): the session is full and vouched for from
 * now. False when the session was revoked meanwhile.
 */
export async function markChecked(db: Pick<Db, 'update'>, sessionId: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(userSessions)
    .set({ factorPending: false, checkedAt: now })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id });
  return updated.length > 0;
}

/** The session must wait for the second factor again (a first access of a user whose factor is due). */
export async function markFactorPending(db: Pick<Db, 'update'>, sessionId: string): Promise<void> {
  await db
    .update(userSessions)
    .set({ factorPending: true, checkedAt: null })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)));
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .update(userSessions)
    .set({ revokedAt: now })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)));
}

/** After a password change every other device has to sign in again. */
export async function revokeUserSessions(db: Pick<Db, 'update'>, userId: string, now: Date): Promise<void> {
  await db
    .update(userSessions)
    .set({ revokedAt: now })
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt)));
}

/** A password change ends every other device's session; the one that proved the current password goes on. */
export async function revokeOtherSessions(
  db: Pick<Db, 'update'>,
  userId: string,
  keepSessionId: string,
  now: Date,
): Promise<void> {
  await db
    .update(userSessions)
    .set({ revokedAt: now })
    .where(and(eq(userSessions.userId, userId), ne(userSessions.id, keepSessionId), isNull(userSessions.revokedAt)));
}
