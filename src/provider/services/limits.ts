// The card's limit within its company relationship (decisions 035 and 102). The limit change's `availableLimit` is
// the card's new available limit (spec section 2); used comes from its authorizations and never moves here, so the
// credit limit becomes available + used, and the relationship's ceiling applies to that credit limit.
import { eq } from 'drizzle-orm';
import { centsOf, formatCents, numericOf } from '../../contracts/money.ts';
import type { LimitResponse } from '../../contracts/schemas.ts';
import type { Db, DbExecutor } from '../db/client.ts';
import { accounts, companies } from '../db/schema.ts';
import { fail } from '../errors.ts';
import type { CardScope } from '../http/scope/types.ts';
import { type ChangeAt, changeCard } from './card-controls.ts';
import { isPermanentlyBlocked } from './cards.ts';
import { limitOf, relationshipLimit, usedCents } from './limit-usage.ts';

/** The account's figures as they are now (inside the caller's transaction when there is one). */
export async function limitOfAccount(db: DbExecutor, account: { id: string; creditLimit: string }) {
  return limitOf(centsOf(account.creditLimit), await usedCents(db, account.id));
}

export async function readLimit(db: Db, scope: CardScope): Promise<LimitResponse> {
  return limitOfAccount(db, scope.account);
}

/**
 * Sets the card's available limit: its credit limit becomes that plus what it has used. Refused, with nothing
 * written: a permanently blocked card or cancelled account (409), a value that is not positive (400), and a credit
 * limit raised past what the relationship has free (422, saying the most this card may have available). The company
 * row is locked, so two raises in one relationship cannot both take the same free limit.
 */
export function changeLimit(db: Db, scope: CardScope, actor: ChangeAt, body: { availableLimit: number }) {
  return changeCard(db, scope, actor, 'LIMIT_CHANGE', async (tx, { account, card }) => {
    if (isPermanentlyBlocked(card, account)) fail('PERMANENTLY_BLOCKED');
    const available = centsOf(body.availableLimit);
    if (available <= 0) fail('LIMIT_NOT_POSITIVE');
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, account.companyId)).for('update');
    const current = centsOf(account.creditLimit);
    const used = await usedCents(tx, account.id);
    // What was used never moves: the credit limit is what makes the typed amount available.
    const wanted = available + used;
    const relationship = await relationshipLimit(tx, account.companyId, account.id);
    const ceiling = relationship.limit - relationship.committed;
    // Lowering a limit is always allowed, even in a relationship already committed past its limit.
    if (wanted > current && wanted > ceiling) {
      const most = Math.max(0, Math.max(ceiling, current) - used);
      fail('LIMIT_ABOVE_RELATIONSHIP', formatCents(most));
    }
    await tx
      .update(accounts)
      .set({ creditLimit: numericOf(wanted), updatedAt: actor.at })
      .where(eq(accounts.id, account.id));
    const before = limitOf(current, used);
    const after = limitOf(wanted, used);
    return { before: { ...before }, after: { ...after }, result: after };
  });
}
