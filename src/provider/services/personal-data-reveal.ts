// Consulta's audited "mostrar" (decisions 090 and 093): a holder's personal datum (full CPF, address) answered with the
// audit row that records who saw it, from where, and whose it was. The account is the card scope's (another company's
// answers as an unknown one, 404, and nothing is written). The trail shows an account target as its card (last four
// digits and holder); the datum stays out of it.

import { appendAudit } from '../audit/append.ts';
import type { Db } from '../db/client.ts';
import type { CardScope } from '../http/scope/types.ts';
import type { Origin } from './security-events.ts';

export async function revealPersonalData<T extends { uuid: string }>(
  db: Db,
  scope: CardScope,
  origin: Origin,
  now: Date,
  action: 'cpf.reveal' | 'address.reveal',
  answer: (found: CardScope) => T,
): Promise<T> {
  const { principal, account, card } = scope;
  await appendAudit(db, {
    actorUserId: principal.userId,
    actorLogin: principal.login,
    actorName: principal.name,
    at: now,
    action,
    target: `account:${account.id}`,
    companyId: account.companyId,
    address: origin.address ? origin.address.slice(0, 45) : null,
    after: { last4: card.last4 },
  });
  const revealed = answer(scope);
  origin.log.info({ event: action, account: revealed.uuid }, action.replace('.', ' '));
  return revealed;
}
