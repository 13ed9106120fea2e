// First access: a user holding a temporary password replaces it before doing anything else.
import { eq } from 'drizzle-orm';
import { messages } from '../../contracts/messages.ts';
import type { Db } from '../db/client.ts';
import { auditLog, portalUsers } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export async function setFirstPassword(db: Db, userId: string, newPassword: string, now: Date): Promise<void> {
  const [user] = await db
    .select({ login: portalUsers.login, passwordHash: portalUsers.passwordHash })
    .from(portalUsers)
    .where(eq(portalUsers.id, userId));
  if (!user) throw new AppError(404, 'USER_NOT_FOUND', messages.recovery.userNotFound);
  if (await verifyPassword(newPassword, user.passwordHash)) {
    throw new AppError(400, 'SAME_PASSWORD', messages.firstAccess.samePassword);
  }
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(portalUsers)
      .set({ passwordHash, mustChangePassword: false, updatedAt: now })
      .where(eq(portalUsers.id, userId));
    await tx
      .insert(auditLog)
      .values({ actorUserId: userId, at: now, action: 'password.first-access', target: user.login });
  });
}
