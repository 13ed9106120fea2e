// The audited reveal of a virtual card's number, expiry and CVV (issue 30, PCI DSS 3.4.1): opened from its sealed
// value only here, answered once, recorded as an audit row naming the card by its last four digits — never the data.
import dayjs from 'dayjs';
import { REVEAL_SECONDS, type RevealVirtualResponse } from '../../../contracts/virtual-cards.ts';
import type { MasterKey } from '../../../platform/master-key.ts';
import type { Db } from '../../db/client.ts';
import type { CardScope } from '../../http/scope/types.ts';
import { type Origin, recordSecurityEvent } from '../security-events.ts';
import { sealedName, virtualCardOf } from './virtual-cards.ts';

export async function revealVirtualCard(
  db: Db,
  scope: CardScope,
  masterKey: MasterKey,
  id: string,
  now: Date,
  origin: Origin,
): Promise<RevealVirtualResponse> {
  const { card, virtual } = await virtualCardOf(db, scope, id);
  const { pan, cvv } = JSON.parse(masterKey.open(sealedName(card.id), virtual.sealed).toString('utf8')) as {
    pan: string;
    cvv: string;
  };
  await recordSecurityEvent(db, origin.log, {
    type: 'virtual-card.reveal',
    actorUserId: scope.principal.userId,
    target: `account:${scope.account.id}`,
    at: now,
    companyId: scope.account.companyId,
    address: origin.address,
    after: { cartaoVirtual: `final ${card.last4}` },
  });
  return { id: card.id, pan, cvv, expiry: dayjs(card.expiresOn).format('MM/YY'), visibleForSeconds: REVEAL_SECONDS };
}
