// The card's second copy (a new plastic, with its emboss read) and the occurrences registered against it: card
// changes like the others of card-controls.ts, each recorded in the same transaction.
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { messages } from '../../contracts/messages.ts';
import type { EmbossData } from '../../contracts/schemas.ts';
import type { Db } from '../db/client.ts';
import { cards, occurrences } from '../db/schema.ts';
import { fail } from '../errors.ts';
import type { CardScope } from '../http/scope/types.ts';
import { type ChangeAt, changeCard } from './card-controls.ts';
import type { CardRow } from './cards.ts';

/** Four digits for the new plastic, never the same as the card's current ones. */
function freshLast4(card: CardRow): string {
  for (;;) {
    const candidate = String(randomInt(0, 10_000)).padStart(4, '0');
    if (candidate !== card.last4 && candidate !== card.last4TwoWay) return candidate;
  }
}

export function issueSecondCopy(
  db: Db,
  scope: CardScope,
  actor: ChangeAt,
  body: {
    reasonReissueCard: string;
    embossName: string;
    deficiencyVisualdescription: string;
    line4Emboss: string;
  },
) {
  return changeCard(db, scope, actor, 'ISSUE_CARD_2_WAY', async (tx, { account, card }) => {
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
      actorUserId: scope.principal.userId,
      at: actor.at,
    });
    return {
      before: { last4TwoWay: card.last4TwoWay, embossName: card.embossName },
      after: { last4TwoWay, embossName: body.embossName, reason: body.reasonReissueCard },
      result: messages.cardApi.secondCopy,
    };
  });
}

export function registerOccurrence(
  db: Db,
  scope: CardScope,
  actor: ChangeAt,
  body: { modalityType: string; openingText: string },
) {
  return changeCard(db, scope, actor, 'OCCURRENCE', async (tx, { card }) => {
    await tx.insert(occurrences).values({
      cardId: card.id,
      modalityType: body.modalityType,
      openingText: body.openingText,
      actorUserId: scope.principal.userId,
      at: actor.at,
    });
    return {
      before: {},
      after: { modalityType: body.modalityType, openingText: body.openingText },
      result: messages.cardApi.occurrenceRegistered,
    };
  });
}

export function readEmboss({ card }: CardScope): EmbossData {
  return { embossName: card.embossName, indVisualDeficiency: card.visualDeficiency === 'S' ? 'S' : 'N' };
}
