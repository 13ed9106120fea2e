// Server-side sessions behind the bearer tokens: idle expiry after 15 minutes (PCI DSS 8.2.8), renewed on use.
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { portalUsers, userSessions } from '../db/schema.ts';

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
}

export async function openSession(db: Db, userId: string, now: Date): Promise<string> {
  const [row] = await db
    .insert(userSessions)
    .values({ userId, createdAt: now, lastUsedAt: now })
    .returning({ id: userSessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

/** The signed-in user behind a live session (renewing it), or null when it is unknown, revoked or idle. */
export async function touchSession(db: Db, sessionId: string, userId: string, now: Date): Promise<Principal | null> {
  if (!UUID.test(sessionId)) return null;
  const [row] = await db
    .select({
      lastUsedAt: userSessions.lastUsedAt,
      revokedAt: userSessions.revokedAt,
      userId: portalUsers.id,
      login: portalUsers.login,
      name: portalUsers.name,
      status: portalUsers.status,
      mustChangePassword: portalUsers.mustChangePassword,
    })
    .from(userSessions)
    .innerJoin(portalUsers, eq(portalUsers.id, userSessions.userId))
    .where(eq(userSessions.id, sessionId));
  if (!row || row.userId !== userId || row.revokedAt || row.status !== 'ATIVO') return null;
  const idle = now.getTime() - row.lastUsedAt.getTime();
  if (idle > SESSION_IDLE_MS) return null;
  if (idle > RENEWAL_THROTTLE_MS) {
    await db
      .update(userSessions)
      .set({ lastUsedAt: now })
      .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)));
  }
  return {
    userId: row.userId,
    sessionId,
    login: row.login,
    name: row.name,
    mustChangePassword: row.mustChangePassword,
  };
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
