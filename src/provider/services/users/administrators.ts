// Every company keeps an active Administrador: demoting, deactivating or deleting the last one is refused.
import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { portalUsers, userCompanies } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import type { UserRow } from '../../http/scope/types.ts';
import { lockUserChanges } from '../../http/scope/user.ts';

/**
 * Refuses (409 LAST_ADMINISTRATOR) when the user is an active Administrador of a company with no other active
 * Administrador. The company's administrator links are locked for the rest of the transaction, so two concurrent
 * demotions cannot both pass.
 */
export async function keepAnAdministrator(tx: DbExecutor, user: UserRow, companyIds: readonly number[]): Promise<void> {
  if (user.status !== 'ATIVO' || companyIds.length === 0) return;
  await lockUserChanges(tx, companyIds);
  for (const companyId of companyIds) {
    const admins = await tx
      .select({ userId: userCompanies.userId })
      .from(userCompanies)
      .innerJoin(portalUsers, eq(portalUsers.id, userCompanies.userId))
      .where(
        and(
          eq(userCompanies.companyId, companyId),
          eq(userCompanies.profile, 'ADMINISTRADOR'),
          eq(portalUsers.status, 'ATIVO'),
        ),
      )
      .for('update', { of: [userCompanies] });
    const mine = admins.some((a) => a.userId === user.id);
    if (mine && admins.length === 1) fail('LAST_ADMINISTRATOR');
  }
}
