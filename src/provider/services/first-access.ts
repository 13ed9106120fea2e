// First access: a user holding a temporary password replaces it before doing anything else. Only that user:
// the route takes no current password, so for anyone else it would be a password change without proof
// (ASVS 6.2.3) that survives their session (7.4.3).
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { portalUsers } from '../db/schema.ts';
import { fail } from '../errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { type Origin, recordSecurityEvent } from './security-events.ts';

export async function setFirstPassword(
  db: Db,
  userId: string,
  newPassword: string,
  now: Date,
  origin: Origin,
): Promise<void> {
  const [user] = await db
    .select({
      login: portalUsers.login,
      passwordHash: portalUsers.passwordHash,
      mustChangePassword: portalUsers.mustChangePassword,
    })
    .from(portalUsers)
    .where(eq(portalUsers.id, userId));
  // Only a user deleted since the auth hook let the session through; the answer is the one it always was.
  if (!user) fail('RECOVERY_LOGIN_NOT_FOUND');
  if (!user.mustChangePassword) fail('NOT_TEMPORARY_PASSWORD');
  if (await verifyPassword(newPassword, user.passwordHash)) fail('SAME_AS_TEMPORARY_PASSWORD');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    // The flag is checked again by the update itself, so two calls racing with one token set one password.
    const updated = await tx
      .update(portalUsers)
      .set({ passwordHash, mustChangePassword: false, temporaryPasswordExpiresAt: null, updatedAt: now })
      .where(and(eq(portalUsers.id, userId), eq(portalUsers.mustChangePassword, true)))
      .returning({ id: portalUsers.id });
    if (updated.length === 0) fail('NOT_TEMPORARY_PASSWORD');
    await recordSecurityEvent(tx, origin.log, {
      type: 'first-access',
      actorUserId: userId,
      target: user.login,
      at: now,
      address: origin.address,
    });
  });
}
