// Consulta's audited "mostrar" (decisions 090 and 093): a holder's personal datum (full CPF, address) read in the same
// transaction as the audit row that records who saw it, from where, and whose it was. The account is reached through
// the usual chokepoint (cardOfUser): another company's account answers as an unknown one, 404, and nothing is
// written. The trail shows an account target as its card (last four digits and holder); the datum stays out of it.
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import { fail } from '../errors.ts';
import { cardOfUser } from './cards.ts';
import type { Origin } from './security-events.ts';
import type { Principal } from './sessions.ts';

type Found = NonNullable<Awaited<ReturnType<typeof cardOfUser>>>;

export async function revealPersonalData<T extends { uuid: string }>(
  db: Db,
  principal: Principal,
  origin: Origin,
  now: Date,
  accountId: string,
  action: 'cpf.reveal' | 'address.reveal',
  answer: (found: Found) => T,
): Promise<T> {
  const revealed = await db.transaction(async (tx) => {
    const found = await cardOfUser(tx, principal.userId, accountId, null);
    if (!found) fail('HOLDER_NOT_FOUND');
    await tx.insert(auditLog).values({
      actorUserId: principal.userId,
      actorLogin: principal.login,
      actorName: principal.name,
      at: now,
      action,
      target: `account:${found.account.id}`,
      companyId: found.account.companyId,
      address: origin.address ? origin.address.slice(0, 45) : null,
      after: { last4: found.card.last4 },
    });
    return answer(found);
  });
  origin.log.info({ event: action, account: revealed.uuid }, action.replace('.', ' '));
  return revealed;
}
