// The card network's side: a purchase asks the platform for an authorization. Not a portal endpoint; the seed and
// the property tests drive it. Approved purchases hold the limit (limit-usage.ts) until their invoice is paid.
import { randomInt } from 'node:crypto';
import { and, asc, eq, or } from 'drizzle-orm';
import { messages } from '../../contracts/messages.ts';
import { centsOf, numericOf } from '../../contracts/money.ts';
import type { Db } from '../db/client.ts';
import { accounts, authorizations, cards } from '../db/schema.ts';
import { usedCents } from './limit-usage.ts';

export interface PurchaseVerdict {
  descDrop: 'NORMAL' | 'NEGADA';
  descResponseTransaction: string;
}

/** The platform's rule, pure so the seed applies the very same one: a usable card and room in the limit. */
export function decidePurchase(p: {
  cardUsable: boolean;
  limitCents: number;
  usedCents: number;
  valueCents: number;
}): PurchaseVerdict {
  if (!p.cardUsable) return { descDrop: 'NEGADA', descResponseTransaction: messages.cardApi.purchaseCardBlocked };
  if (p.usedCents + p.valueCents > p.limitCents) {
    return { descDrop: 'NEGADA', descResponseTransaction: messages.cardApi.purchaseInsufficient };
  }
  return { descDrop: 'NORMAL', descResponseTransaction: messages.cardApi.purchaseApproved };
}

/** Only an Actived card of a live account buys; any block, temporary or permanent, refuses. */
export const cardUsable = (card: { status: string; activeFlag: string }, account: { statusDescription: string }) =>
  card.status === 'Actived' && card.activeFlag === 'S' && account.statusDescription !== 'CANCELADA';

export interface Purchase {
  accountId: string;
  /** The card used; without it the holder card. */
  last4?: string;
  /** In reais, in centavos (a foreign purchase already converted at the platform's rate). */
  valueCents: number;
  establishmentName: string;
  at: Date;
  transactionType?: string;
}

/**
 * Authorizes a purchase under the account and card row locks (the same ones every limit operation takes), and
 * records the answer, approved or denied, as the history shows it.
 */
export function authorizePurchase(db: Db, purchase: Purchase): Promise<PurchaseVerdict> {
  return db.transaction(async (tx) => {
    const cardMatch =
      purchase.last4 === undefined
        ? eq(cards.cardType, 'TITULAR')
        : or(eq(cards.last4, purchase.last4), eq(cards.last4TwoWay, purchase.last4));
    const [found] = await tx
      .select({ account: accounts, card: cards })
      .from(accounts)
      .innerJoin(cards, eq(cards.accountId, accounts.id))
      .where(and(eq(accounts.id, purchase.accountId), cardMatch))
      .orderBy(asc(cards.createdAt), asc(cards.id))
      .limit(1)
      .for('update', { of: [accounts, cards] });
    if (!found) throw new Error(`no card for account ${purchase.accountId}`);
    const verdict = decidePurchase({
      cardUsable: cardUsable(found.card, found.account),
      limitCents: centsOf(found.account.creditLimit),
      usedCents: await usedCents(tx, found.account.id),
      valueCents: purchase.valueCents,
    });
    const value = numericOf(purchase.valueCents);
    await tx.insert(authorizations).values({
      accountId: found.account.id,
      tmsIncl: purchase.at,
      numAuthorization: String(randomInt(0, 1_000_000)).padStart(6, '0'),
      establishmentName: purchase.establishmentName,
      mainValue: value,
      valueBrl: value,
      descResponseTransaction: verdict.descResponseTransaction,
      descDrop: verdict.descDrop,
      transactionType: purchase.transactionType ?? 'COMPRA A VISTA',
    });
    return verdict;
  });
}
