// Card state changes (the limit change is in limits.ts). Each one runs in a transaction that locks the account and card rows (select … for
// update), applies its rule, and writes a card event (who, when, what, before, after) in the same transaction,
// so two operators acting at once are applied one after the other and both are on the record.
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { BlockReason } from '../../contracts/constants.ts';
import { messages } from '../../contracts/messages.ts';
import type { EmbossData } from '../../contracts/schemas.ts';
import type { Db, DbExecutor } from '../db/client.ts';
import { accounts, cardEvents, cards, occurrences } from '../db/schema.ts';
import { fail } from '../errors.ts';
import { type AccountRow, type CardRow, cardOfUser, isPermanentlyBlocked } from './cards.ts';

export interface Actor {
  userId: string;
  at: Date;
  /** The client's address (request.ip, as security events keep it); null for commands and jobs. */
  address?: string | null;
}

type Json = Record<string, unknown>;
interface Change<T> {
  before: Json;
  after: Json;
  result: T;
}

/** Runs one change on a locked card and records it; a refusal thrown by `apply` rolls everything back. */
export async function changeCard<T>(
  db: Db,
  actor: Actor,
  target: { accountId: string; last4: string | null },
  action: string,
  apply: (tx: DbExecutor, found: { account: AccountRow; card: CardRow }) => Promise<Change<T>>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const found = await cardOfUser(tx, actor.userId, target.accountId, target.last4, true);
    if (!found) fail('CARD_NOT_FOUND');
    const change = await apply(tx, found);
    await tx.insert(cardEvents).values({
      cardId: found.card.id,
      actorUserId: actor.userId,
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

export function blockCard(
  db: Db,
  actor: Actor,
  accountId: string,
  body: { last4digits: string; blockingReason: BlockReason; descriptionOccurrence: string },
) {
  return changeCard(db, actor, { accountId, last4: body.last4digits }, 'BLOCK', async (tx, { account, card }) => {
    if (isPermanentlyBlocked(card, account)) fail('PERMANENTLY_BLOCKED');
    if (card.status === 'Blocked') fail('CARD_ALREADY_BLOCKED');
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
export function activateCard(db: Db, actor: Actor, accountId: string, last4: string) {
  return changeCard(db, actor, { accountId, last4 }, 'ACTIVATE', async (tx, { account, card }) => {
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

/** Deactivation is for good: activeFlag N, Blocked; nothing in the portal lifts it. */
export function deactivateCard(db: Db, actor: Actor, accountId: string, last4: string) {
  return changeCard(db, actor, { accountId, last4 }, 'DEACTIVATE', async (tx, { card }) => {
    if (card.activeFlag === 'N') fail('PERMANENTLY_BLOCKED');
    const next = { ...cardState(card), status: 'Blocked', activeFlag: 'N' };
    await tx
      .update(cards)
      .set({ status: 'Blocked', activeFlag: 'N', updatedAt: actor.at })
      .where(eq(cards.id, card.id));
    return { before: cardState(card), after: next, result: messages.cardApi.deactivated };
  });
}

export function resetPassword(db: Db, actor: Actor, accountId: string, body: { last4digits: string; userId: string }) {
  return changeCard(
    db,
    actor,
    { accountId, last4: body.last4digits },
    'PASSWORD_RESET',
    async (tx, { account, card }) => {
      if (isPermanentlyBlocked(card, account)) fail('PERMANENTLY_BLOCKED');
      await tx.update(cards).set({ passwordBlocked: false, updatedAt: actor.at }).where(eq(cards.id, card.id));
      return {
        before: { passwordBlocked: card.passwordBlocked },
        after: { passwordBlocked: false, userId: body.userId },
        result: messages.cardApi.passwordUnlocked,
      };
    },
  );
}

/** Four digits for the new plastic, never the same as the card's current ones. */
function freshLast4(card: CardRow): string {
  for (;;) {
    const candidate = String(randomInt(0, 10_000)).padStart(4, '0');
    if (candidate !== card.last4 && candidate !== card.last4TwoWay) return candidate;
  }
}

export function issueSecondCopy(
  db: Db,
  actor: Actor,
  accountId: string,
  body: {
    last4digits: string;
    reasonReissueCard: string;
    embossName: string;
    deficiencyVisualdescription: string;
    line4Emboss: string;
  },
) {
  return changeCard(
    db,
    actor,
    { accountId, last4: body.last4digits },
    'ISSUE_CARD_2_WAY',
    async (tx, { account, card }) => {
      if (account.statusDescription === 'CANCELADA') fail('ACCOUNT_CANCELLED');
      const last4TwoWay = freshLast4(card);
      await tx
        .update(cards)
        .set({ last4TwoWay, embossName: body.embossName, updatedAt: actor.at })
        .where(eq(cards.id, card.id));
      const details = [
        `Segunda via solicitada. Motivo: ${body.reasonReissueCard}.`,
        body.deficiencyVisualdescription && `Deficiência visual: ${body.deficiencyVisualdescription}.`,
        body.line4Emboss && `Linha 4: ${body.line4Emboss}.`,
      ];
      await tx.insert(occurrences).values({
        cardId: card.id,
        modalityType: 'ISSUE_CARD_2_WAY',
        openingText: details.filter(Boolean).join(' '),
        actorUserId: actor.userId,
        at: actor.at,
      });
      return {
        before: { last4TwoWay: card.last4TwoWay, embossName: card.embossName },
        after: { last4TwoWay, embossName: body.embossName, reason: body.reasonReissueCard },
        result: messages.cardApi.secondCopy,
      };
    },
  );
}

export function registerOccurrence(
  db: Db,
  actor: Actor,
  accountId: string,
  body: { last4digits: string; modalityType: string; openingText: string },
) {
  return changeCard(db, actor, { accountId, last4: body.last4digits }, 'OCCURRENCE', async (tx, { card }) => {
    await tx.insert(occurrences).values({
      cardId: card.id,
      modalityType: body.modalityType,
      openingText: body.openingText,
      actorUserId: actor.userId,
      at: actor.at,
    });
    return {
      before: {},
      after: { modalityType: body.modalityType, openingText: body.openingText },
      result: messages.cardApi.occurrenceRegistered,
    };
  });
}

/** Cancel: the account becomes CANCELADA and its cards Blocked with reason O (spec section 4). */
export function cancelAccount(db: Db, actor: Actor, accountId: string, last4: string) {
  return changeCard(db, actor, { accountId, last4 }, 'CANCEL_ACCOUNT', async (tx, { account, card }) => {
    if (account.statusDescription === 'CANCELADA') {
      fail('ALREADY_CANCELLED');
    }
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

export async function readEmboss(db: Db, userId: string, accountId: string, last4: string): Promise<EmbossData> {
  const found = await cardOfUser(db, userId, accountId, last4);
  if (!found) fail('CARD_NOT_FOUND');
  return { embossName: found.card.embossName, indVisualDeficiency: found.card.visualDeficiency === 'S' ? 'S' : 'N' };
}
