// Deactivating, reactivating and deleting a portal user (spec section 7), each a security event with the company it
// concerns (decision 075), judged again under the user's change lock. A deactivated user is signed out everywhere.
import { eq } from 'drizzle-orm';
import type { UserStatus } from '../../../contracts/constants.ts';
import type { PortalUser } from '../../../contracts/schemas.ts';
import type { Db } from '../../db/client.ts';
import { portalUsers } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import type { UserScope } from '../../http/scope/types.ts';
import { lockedUserScope } from '../../http/scope/user.ts';
import { type Origin, recordSecurityEvent } from '../security-events.ts';
import { revokeUserSessions } from '../sessions.ts';
import { keepAnAdministrator } from './administrators.ts';
import { portalUserOf, snapshot, targetOf } from './portal-user.ts';

const administered = (scope: UserScope) =>
  scope.links.filter((l) => l.profile === 'ADMINISTRADOR').map((l) => l.companyId);

/** Nobody deactivates themselves: judged before the step-up, and again under the lock. */
export function refuseStatus(scope: UserScope, status: UserStatus): void {
  if (scope.target.id === scope.principal.userId && status === 'INATIVO') fail('SELF_DEACTIVATE');
}

/** Nobody deletes themselves, and an active user is deactivated first (the spec's refusal), before any step-up. */
export function refuseDelete(scope: UserScope): void {
  if (scope.target.id === scope.principal.userId) fail('SELF_DELETE');
  if (scope.target.status === 'ATIVO') fail('USER_ACTIVE');
}

export async function setUserStatus(
  db: Db,
  found: UserScope,
  status: UserStatus,
  now: Date,
  origin: Origin,
): Promise<PortalUser> {
  return db.transaction(async (tx) => {
    const scope = await lockedUserScope(tx, found, 'users.manage');
    const { target: before, company } = scope;
    const profile = scope.links.find((l) => l.companyId === company.id)?.profile ?? null;
    if (before.status === status) return portalUserOf(tx, before, null);
    refuseStatus(scope, status);
    if (status === 'INATIVO') await keepAnAdministrator(tx, before, administered(scope));
    const [after] = await tx
      .update(portalUsers)
      .set({ status, updatedAt: now })
      .where(eq(portalUsers.id, before.id))
      .returning();
    if (!after) fail('USER_NOT_FOUND');
    // A deactivated user is signed out everywhere at once, not at the next idle expiry.
    if (status === 'INATIVO') await revokeUserSessions(tx, before.id, now);
    await recordSecurityEvent(tx, origin.log, {
      type: status === 'INATIVO' ? 'user.deactivate' : 'user.activate',
      actorUserId: scope.principal.userId,
      target: targetOf(before),
      at: now,
      companyId: company.id,
      address: origin.address,
      before: { status: before.status },
      after: { status: after.status },
    });
    return portalUserOf(tx, after, profile);
  });
}

export async function deleteUser(db: Db, found: UserScope, now: Date, origin: Origin): Promise<void> {
  await db.transaction(async (tx) => {
    const scope = await lockedUserScope(tx, found, 'users.manage');
    const { target: before, company } = scope;
    refuseDelete(scope);
    // Links, sessions and recovery codes go with the user (ON DELETE CASCADE); audit rows keep the target.
    await tx.delete(portalUsers).where(eq(portalUsers.id, before.id));
    await recordSecurityEvent(tx, origin.log, {
      type: 'user.delete',
      actorUserId: scope.principal.userId,
      target: targetOf(before),
      at: now,
      companyId: company.id,
      address: origin.address,
      before: { ...snapshot(before), companyIds: scope.links.map((l) => l.companyId) },
      after: null,
    });
  });
}
