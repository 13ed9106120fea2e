// A signed-in operator replaces their own password (decision 074). The current password is the proof (ASVS 6.2.3):
// a session alone, left open or stolen, must not be enough to take the account over. Its check spends the sign-in's
// tries (decision 060), the change ends every other session (ASVS 7.4.3) and the mailbox is told.
import { and, eq } from 'drizzle-orm';
import { messages } from '../../contracts/messages.ts';
import type { Db } from '../db/client.ts';
import { portalUsers } from '../db/schema.ts';
import { fail } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { passwordChangedMail } from '../mail/templates.ts';
import { hashPassword, type ScryptCost, targetCost, verifyPassword } from './passwords.ts';
import { recordSecurityEvent } from './security-events.ts';
import { revokeOtherSessions } from './sessions.ts';
import { announceLock, clearTries, lockIfSpent, takeTry } from './sign-in.ts';

export interface PasswordChangeDeps {
  db: Db;
  mailer: Mailer;
  /** The request's logger: the security event's line, and a notice e-mail that could not be sent. */
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Checks a password against the stored hash; replaceable so a test can count the checks. */
  verify?: (password: string, storedHash: string) => Promise<boolean>;
  cost?: ScryptCost;
}

export interface PasswordChange {
  userId: string;
  /** The session that asked: the only one left open. */
  sessionId: string;
  currentPassword: string;
  newPassword: string;
  /** The client's address, for the audit row. */
  address: string | null;
}

export async function changePassword(deps: PasswordChangeDeps, input: PasswordChange, now: Date): Promise<void> {
  const { db } = deps;
  const [user] = await db
    .select({
      id: portalUsers.id,
      login: portalUsers.login,
      name: portalUsers.name,
      email: portalUsers.email,
      status: portalUsers.status,
      passwordHash: portalUsers.passwordHash,
      mustChangePassword: portalUsers.mustChangePassword,
    })
    .from(portalUsers)
    .where(eq(portalUsers.id, input.userId));
  // The auth hook let the session through a moment ago; a user removed or disabled since has no session left.
  if (user?.status !== 'ATIVO') fail('UNAUTHENTICATED');
  // A temporary password is replaced by first access, which does not ask for it again (decision 058).
  if (user.mustChangePassword) fail('FORBIDDEN', messages.firstAccess.required);

  // Unlike sign-in (decision 060) the caller is already that user, so saying "locked" tells a stranger nothing.
  if (!(await takeTry(db, user.id, now))) fail('PASSWORD_TRIES_EXHAUSTED');
  if (!(await (deps.verify ?? verifyPassword)(input.currentPassword, user.passwordHash))) {
    // A failed proof of identity is a security event like a failed sign-in (PCI DSS 10.2.1.4).
    await recordSecurityEvent(db, deps.log, {
      type: 'password.change-failed',
      actorUserId: user.id,
      target: user.login,
      at: now,
      address: input.address,
      reason: 'wrong-current-password',
    });
    if (await lockIfSpent(db, user.id, now)) await announceLock({ ...deps, address: input.address }, user, now);
    // A 400, not a 401: the session is fine, and a 401 would sign the operator out of the screen where they only
    // mistyped.
    fail('WRONG_CURRENT_PASSWORD');
  }
  if (!(await clearTries(db, user.id, now))) fail('PASSWORD_TRIES_EXHAUSTED');

  const passwordHash = await hashPassword(input.newPassword, deps.cost ?? targetCost());
  await db.transaction(async (tx) => {
    // Only over the hash just checked: of two changes racing (or a recovery), one wins and the other changes nothing.
    const updated = await tx
      .update(portalUsers)
      .set({ passwordHash, updatedAt: now })
      .where(
        and(
          eq(portalUsers.id, user.id),
          eq(portalUsers.passwordHash, user.passwordHash),
          eq(portalUsers.mustChangePassword, false),
        ),
      )
      .returning({ id: portalUsers.id });
    if (updated.length === 0) fail('PASSWORD_CHANGE_CONFLICT');
    await revokeOtherSessions(tx, user.id, input.sessionId, now);
    await recordSecurityEvent(tx, deps.log, {
      type: 'password.changed',
      actorUserId: user.id,
      target: user.login,
      at: now,
      address: input.address,
    });
  });

  // After the commit, and a failure is only logged: the new password and the ended sessions are what protect the
  // account, and undoing them because a notice did not go out would leave a stolen session open.
  try {
    await deps.mailer.send(passwordChangedMail(user.email, user.name, now));
  } catch (err) {
    deps.log.warn({ err, login: user.login }, 'e-mail de senha alterada não enviado');
  }
}
