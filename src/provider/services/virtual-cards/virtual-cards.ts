// Virtual cards (issue 30, decision 132): issued for a holder in one step, listed with their last four digits only,
// cancelled. Issue and cancel are card events of the holder card (before → after in pt-BR); the number and CVV are
// sealed under the master key with a label naming the row, so a copied value opens nowhere else.
import dayjs from 'dayjs';
import { and, asc, eq } from 'drizzle-orm';
import { messages } from '../../../contracts/messages.ts';
import { centsOf, formatCents, numericOf } from '../../../contracts/money.ts';
import type { VirtualCard, VirtualKind } from '../../../contracts/virtual-cards.ts';
import { type MasterKey, sealedLabel } from '../../../platform/master-key.ts';
import type { Db, DbExecutor } from '../../db/client.ts';
import { authorizations, cards, virtualCards } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import type { CardScope } from '../../http/scope/types.ts';
import { type ChangeAt, changeCard } from '../card-controls.ts';
import { isPermanentlyBlocked } from '../cards.ts';
import { heldCents } from '../limit-usage.ts';
import { newCvv, newPan } from './numbers.ts';

const m = messages.spending.virtual;
type CardRow = typeof cards.$inferSelect;
type VirtualRow = typeof virtualCards.$inferSelect;

export const sealedName = (cardId: string) => sealedLabel('virtual_cards', cardId);

/** ATIVO, or why it buys no more: cancelled, its one purchase made, past its last day. */
export function statusOf(card: Pick<CardRow, 'expiresOn'>, v: Pick<VirtualRow, 'cancelledAt' | 'usedAt'>, now: Date) {
  if (v.cancelledAt) return 'CANCELADO' as const;
  if (v.usedAt) return 'USADO' as const;
  if (card.expiresOn < dayjs(now).format('YYYY-MM-DD')) return 'VENCIDO' as const;
  return 'ATIVO' as const;
}

const viewOf = (card: CardRow, v: VirtualRow, usedCents: number, now: Date): VirtualCard => ({
  id: card.id,
  last4: card.last4,
  label: v.label,
  kind: v.kind as VirtualKind,
  limit: centsOf(v.limitAmount) / 100,
  used: usedCents / 100,
  expiresOn: card.expiresOn,
  status: statusOf(card, v, now),
});

/** The virtual card's open approved spend, in centavos: what its own limit is measured against. */
export const virtualUsedCents = (db: DbExecutor, cardId: string) => heldCents(db, eq(authorizations.cardId, cardId));

export async function listVirtualCards(db: Db, scope: CardScope, now: Date) {
  const rows = await db
    .select({ card: cards, virtual: virtualCards })
    .from(virtualCards)
    .innerJoin(cards, eq(cards.id, virtualCards.cardId))
    .where(eq(cards.accountId, scope.account.id))
    .orderBy(asc(virtualCards.createdAt), asc(cards.id));
  const list: VirtualCard[] = [];
  for (const r of rows) list.push(viewOf(r.card, r.virtual, await virtualUsedCents(db, r.card.id), now));
  return { virtualCards: list };
}

const record = (card: CardRow, v: Pick<VirtualRow, 'label' | 'kind' | 'limitAmount'>, status: string) => ({
  cartaoVirtual: `final ${card.last4}`,
  descricao: v.label,
  uso: m.kinds[v.kind as VirtualKind],
  limite: formatCents(centsOf(v.limitAmount)),
  validade: dayjs(card.expiresOn).format('DD/MM/YYYY'),
  situacao: m.statuses[status as keyof typeof m.statuses],
});

export function issueVirtualCard(
  db: Db,
  scope: CardScope,
  actor: ChangeAt,
  masterKey: MasterKey,
  body: { label: string; kind: VirtualKind; limit: number; validityMonths: number },
) {
  return changeCard(db, scope, actor, 'VIRTUAL_ISSUE', async (tx, { account, card: holder }) => {
    if (isPermanentlyBlocked(holder, account)) fail('PERMANENTLY_BLOCKED');
    const limitCents = centsOf(body.limit);
    const holderCents = centsOf(account.creditLimit);
    if (limitCents > holderCents) fail('VIRTUAL_LIMIT_ABOVE_HOLDER', formatCents(holderCents));
    const pan = newPan();
    const [card] = await tx
      .insert(cards)
      .values({
        accountId: account.id,
        last4: pan.slice(-4),
        logo: holder.logo,
        cardType: 'VIRTUAL',
        embossName: holder.embossName,
        expiresOn: dayjs(actor.at).add(body.validityMonths, 'month').format('YYYY-MM-DD'),
      })
      .returning();
    if (!card) throw new Error('virtual card not inserted');
    const secret = Buffer.from(JSON.stringify({ pan, cvv: newCvv() }), 'utf8');
    const [virtual] = await tx
      .insert(virtualCards)
      .values({
        cardId: card.id,
        label: body.label,
        kind: body.kind,
        limitAmount: numericOf(limitCents),
        sealed: masterKey.seal(sealedName(card.id), secret),
        createdAt: actor.at,
      })
      .returning();
    if (!virtual) throw new Error('virtual card not inserted');
    return { before: {}, after: record(card, virtual, 'ATIVO'), result: viewOf(card, virtual, 0, actor.at) };
  });
}

/** The holder's virtual card by id, or 404: another account's answers as an unknown one. */
export async function virtualCardOf(db: DbExecutor, scope: CardScope, id: string, lock = false) {
  const query = db
    .select({ card: cards, virtual: virtualCards })
    .from(virtualCards)
    .innerJoin(cards, eq(cards.id, virtualCards.cardId))
    .where(and(eq(virtualCards.cardId, id), eq(cards.accountId, scope.account.id)));
  const [found] = lock ? await query.for('update', { of: [cards, virtualCards] }) : await query;
  if (!found) fail('VIRTUAL_CARD_NOT_FOUND');
  return found;
}

/** Refused before any write or step-up: unknown, or already cancelled, used or expired. */
export async function refuseClosedVirtual(db: DbExecutor, scope: CardScope, id: string, now: Date) {
  const found = await virtualCardOf(db, scope, id);
  if (statusOf(found.card, found.virtual, now) !== 'ATIVO') fail('VIRTUAL_CARD_CLOSED');
}

export function cancelVirtualCard(db: Db, scope: CardScope, actor: ChangeAt, id: string) {
  return changeCard(db, scope, actor, 'VIRTUAL_CANCEL', async (tx) => {
    const { card, virtual } = await virtualCardOf(tx, scope, id, true);
    if (statusOf(card, virtual, actor.at) !== 'ATIVO') fail('VIRTUAL_CARD_CLOSED');
    await tx.update(virtualCards).set({ cancelledAt: actor.at }).where(eq(virtualCards.cardId, id));
    const [closed] = await tx
      .update(cards)
      .set({ status: 'Blocked', activeFlag: 'N', blockCode: 'O', updatedAt: actor.at })
      .where(eq(cards.id, id))
      .returning();
    if (!closed) throw new Error('virtual card vanished');
    const after = { ...virtual, cancelledAt: actor.at };
    return {
      before: record(card, virtual, 'ATIVO'),
      after: record(closed, after, 'CANCELADO'),
      result: viewOf(closed, after, await virtualUsedCents(tx, id), actor.at),
    };
  });
}
