import { eq } from 'drizzle-orm';
import type { BlockReason } from '../../contracts/constants.ts';
import { messages } from '../../contracts/messages.ts';
import { appendCardEvent } from '../audit/append.ts';
import type { Db, DbExecutor } from '../db/client.ts';
import { accounts, cards } from '../db/schema.ts';
import { fail } from '../errors.ts';
import type { CardScope } from '../http/scope/types.ts';
import { type AccountRow, type CardRow, isPermanentlyBlocked, lockCard } from './cards.ts';

/** When and from where a change is made (who makes it is the scope's operator). */
export interface ChangeAt {
  at: Date;
  /** The client's address (request.ip, as security events keep it); null for commands and jobs. */
  address?: string | null;
}

type Found = { account: AccountRow; card: CardRow };

type Json = Record<string, unknown>;
interface Change<T> {
  before: Json;
  after: Json;
  result: T;
}

/**
 * Runs one change on the scope's card, locked and read again as it is now, and records it; a refusal thrown by
 * `apply` rolls everything back.
 */
export async function changeCard<T>(
  db: Db,
  scope: CardScope,
  actor: ChangeAt,
  action: string,
  apply: (tx: DbExecutor, found: Found) => Promise<Change<T>>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const found = await lockCard(tx, scope);
    const change = await apply(tx, found);
    await appendCardEvent(tx, {
      cardId: found.card.id,
      actorUserId: scope.principal.userId,
      at: actor.at,
      action,
      before: change.before,
      after: change.after,
      address: actor.address ? actor.address.slice(0, 45) : null,
      companyId: found.account.companyId,
    });
    return change.result;
  });
}

const cardState = (c: Pick<CardRow, 'status' | 'blockCode' | 'activeFlag'>) => ({
  status: c.status,
  blockCode: c.blockCode,
  activeFlag: c.activeFlag,
});

/** A block's refusals: judged before the step-up (routes) and again on the locked card. */
export function refuseBlock({ account, card }: Found): void {
  if (isPermanentlyBlocked(card, account)) fail('PERMANENTLY_BLOCKED');
  if (card.status === 'Blocked') fail('CARD_ALREADY_BLOCKED');
}

export function blockCard(
  db: Db,
  scope: CardScope,
  actor: ChangeAt,
  body: { blockingReason: BlockReason; descriptionOccurrence: string },
) {
  return changeCard(db, scope, actor, 'BLOCK', async (tx, found) => {
    refuseBlock(found);
    const { card } = found;
    const next = { ...cardState(card), status: 'Blocked', blockCode: body.blockingReason };
    await tx
      .update(cards)
      .set({ status: next.status, blockCode: next.blockCode, updatedAt: actor.at })
      .where(eq(cards.id, card.id));
    return {
      before: cardState(card),
      after: { ...next, description: body.descriptionOccurrence },
      result: messages.cardApi.blocked,
    };
  });
}

/** Unblock: a temporarily blocked card goes back to Actived and loses its block code. */
export function activateCard(db: Db, scope: CardScope, actor: ChangeAt) {
  return changeCard(db, scope, actor, 'ACTIVATE', async (tx, { account, card }) => {
    if (isPermanentlyBlocked(card, account)) fail('PERMANENTLY_BLOCKED');
    if (card.status !== 'Blocked') fail('CARD_NOT_BLOCKED');
    const next = { ...cardState(card), status: 'Actived', blockCode: null };
    await tx
      .update(cards)
      .set({ status: 'Actived', blockCode: null, updatedAt: actor.at })
      .where(eq(cards.id, card.id));
    return { before: cardState(card), after: next, result: messages.cardApi.activated };
  });
}

/** A deactivation's refusal: judged before the step-up (routes) and again on the locked card. */
export function refuseDeactivation({ card }: Found): void {
  if (card.activeFlag === 'N') fail('PERMANENTLY_BLOCKED');
}

/** Deactivation is for good: activeFlag N, Blocked; nothing in the portal lifts it. */
export function deactivateCard(db: Db, scope: CardScope, actor: ChangeAt) {
  return changeCard(db, scope, actor, 'DEACTIVATE', async (tx, found) => {
    refuseDeactivation(found);
    const { card } = found;
    const next = { ...cardState(card), status: 'Blocked', activeFlag: 'N' };
    await tx
      .update(cards)
      .set({ status: 'Blocked', activeFlag: 'N', updatedAt: actor.at })
      .where(eq(cards.id, card.id));
    return { before: cardState(card), after: next, result: messages.cardApi.deactivated };
  });
}

export function resetPassword(db: Db, scope: CardScope, actor: ChangeAt, body: { userId: string }) {
  return changeCard(db, scope, actor, 'PASSWORD_RESET', async (tx, { account, card }) => {
    if (isPermanentlyBlocked(card, account)) fail('PERMANENTLY_BLOCKED');
    await tx.update(cards).set({ passwordBlocked: false, updatedAt: actor.at }).where(eq(cards.id, card.id));
    return {
      before: { passwordBlocked: card.passwordBlocked },
      after: { passwordBlocked: false, userId: body.userId },
      result: messages.cardApi.passwordUnlocked,
    };
  });
}

/** A cancel's refusal: judged before the step-up (routes) and again on the locked card. */
export function refuseCancel({ account }: Found): void {
  if (account.statusDescription === 'CANCELADA') fail('ALREADY_CANCELLED');
}

/** Cancel: the account becomes CANCELADA and its cards Blocked with reason O (spec section 4). */
export function cancelAccount(db: Db, scope: CardScope, actor: ChangeAt) {
  return changeCard(db, scope, actor, 'CANCEL_ACCOUNT', async (tx, found) => {
    refuseCancel(found);
    const { account, card } = found;
    await tx
      .update(accounts)
      .set({ statusDescription: 'CANCELADA', updatedAt: actor.at })
      .where(eq(accounts.id, account.id));
    await tx
      .update(cards)
      .set({ status: 'Blocked', blockCode: 'O', updatedAt: actor.at })
      .where(eq(cards.accountId, account.id));
    return {
      before: { accountStatus: account.statusDescription, ...cardState(card) },
      after: { accountStatus: 'CANCELADA', ...cardState(card), status: 'Blocked', blockCode: 'O' },
      result: messages.cardApi.cancelled,
    };
  });
}
