// A virtual card on the network's authorization path (issue 30): it buys while active (not cancelled, not used, not
// past its last day) and within its own limit — what it has approved and not yet released plus the purchase — and
// a one-purchase card is used up by its first approval. Run under the card's lock, inside the authorization's
// transaction.
import { eq } from 'drizzle-orm';
import { centsOf } from '../../../contracts/money.ts';
import type { DbExecutor } from '../../db/client.ts';
import { cards, virtualCards } from '../../db/schema.ts';
import type { CardRow } from '../../http/scope/types.ts';
import { statusOf, virtualUsedCents } from './virtual-cards.ts';

export async function judgeVirtual(
  tx: DbExecutor,
  card: Pick<CardRow, 'id' | 'expiresOn'>,
  valueCents: number,
  at: Date,
): Promise<'CARD_UNUSABLE' | 'VIRTUAL_LIMIT' | null> {
  const [virtual] = await tx.select().from(virtualCards).where(eq(virtualCards.cardId, card.id));
  if (!virtual || statusOf(card, virtual, at) !== 'ATIVO') return 'CARD_UNUSABLE';
  if ((await virtualUsedCents(tx, card.id)) + valueCents > centsOf(virtual.limitAmount)) return 'VIRTUAL_LIMIT';
  return null;
}

/** A one-purchase card's first approval closes it. */
export async function afterVirtualApproval(tx: DbExecutor, card: Pick<CardRow, 'id'>, at: Date): Promise<void> {
  const [virtual] = await tx
    .select({ kind: virtualCards.kind })
    .from(virtualCards)
    .where(eq(virtualCards.cardId, card.id));
  if (virtual?.kind !== 'UMA_COMPRA') return;
  await tx.update(virtualCards).set({ usedAt: at }).where(eq(virtualCards.cardId, card.id));
  await tx
    .update(cards)
    .set({ status: 'Blocked', activeFlag: 'N', blockCode: 'O', updatedAt: at })
    .where(eq(cards.id, card.id));
}
