// Password sign-in with lockout: 10 failures in a row lock the login for 30 minutes (PCI DSS 8.3.4).
import { eq, sql } from 'drizzle-orm';
import { messages } from '../../contracts/messages.ts';
import type { Db } from '../db/client.ts';
import { auditLog, portalUsers } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { verifyAgainstDecoy, verifyPassword } from './passwords.ts';

export const MAX_FAILED_LOGINS = 10;
export const LOCKOUT_MS = 30 * 60 * 1000;

const failure = () => new AppError(401, 'LOGIN_FAILED', messages.login.failure);
const locked = () => new AppError(423, 'LOGIN_LOCKED', messages.login.locked);

export interface SignedInUser {
  id: string;
  name: string;
  mustChangePassword: boolean;
}

export async function signIn(db: Db, login: string, password: string, now: Date): Promise<SignedInUser> {
  const [user] = await db.select().from(portalUsers).where(eq(portalUsers.login, login.toLowerCase()));
  if (!user) {
    await verifyAgainstDecoy(password);
    throw failure();
  }
  if (user.lockedUntil && user.lockedUntil > now) throw locked();

  if (!(await verifyPassword(password, user.passwordHash))) {
    // One statement counts the failure and, on the tenth, locks and restarts the count, so concurrent
    // attempts cannot slip past the limit between a read and a write.
    const lockUntil = new Date(now.getTime() + LOCKOUT_MS);
    const [after] = await db
      .update(portalUsers)
      .set({
        failedLogins: sql`case when ${portalUsers.failedLogins} + 1 >= ${MAX_FAILED_LOGINS} then 0 else ${portalUsers.failedLogins} + 1 end`,
        lockedUntil: sql`case when ${portalUsers.failedLogins} + 1 >= ${MAX_FAILED_LOGINS} then ${lockUntil.toISOString()}::timestamptz else ${portalUsers.lockedUntil} end`,
      })
      .where(eq(portalUsers.id, user.id))
      .returning({ lockedUntil: portalUsers.lockedUntil });
    if (after?.lockedUntil && after.lockedUntil > now) {
      await db.insert(auditLog).values({ actorUserId: user.id, at: now, action: 'login.locked', target: user.login });
      throw locked();
    }
    throw failure();
  }
  // A right password does not reveal that the account is disabled.
  if (user.status !== 'ATIVO') throw failure();

  if (user.failedLogins > 0 || user.lockedUntil) {
    await db.update(portalUsers).set({ failedLogins: 0, lockedUntil: null }).where(eq(portalUsers.id, user.id));
  }
  return { id: user.id, name: user.name, mustChangePassword: user.mustChangePassword };
}
