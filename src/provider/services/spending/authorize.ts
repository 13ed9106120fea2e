// The card network's real-time question (issue 30, decision 132): may this card make this purchase? One transaction
// under the account and card row locks every limit operation takes: the card usable, the available limit, then the
// spending controls. An approval holds the limit as every approved purchase does (limit-usage.ts); the answer,
// approved or declined, is recorded as the history shows it. The network's request id makes a repeated question
// get the first answer, holding the limit once.
import { randomInt } from 'node:crypto';
import { and, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { messages } from '../../../contracts/messages.ts';
import { centsOf, numericOf } from '../../../contracts/money.ts';
import type { NetworkAuthorizationResponse } from '../../../contracts/network.ts';
import {
  type DeclineCode,
  declineText,
  judgeControls,
  type PurchaseChannel,
  type SpendingControls,
  type SpentSoFar,
} from '../../../contracts/spending-controls.ts';
import type { Db, DbExecutor } from '../../db/client.ts';
import { accounts, authorizations, cards } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import { cardUsable } from '../authorizations.ts';
import { approvedAuthorization, usedCents } from '../limit-usage.ts';
import { effectiveControls } from './controls.ts';

export interface NetworkPurchase {
  requestId: string;
  cardId: string;
  valueCents: number;
  merchantName: string;
  mcc: number;
  merchantCountry: string;
  channel: PurchaseChannel;
  at: Date;
}

/** Brazil keeps UTC−3 all year since 2019: the day and month the limits count are São Paulo's calendar ones. */
const BRT_OFFSET_MS = 3 * 60 * 60 * 1000;
export interface Periods {
  day: Date;
  nextDay: Date;
  month: Date;
  nextMonth: Date;
}
export function periodsOf(at: Date): Periods {
  const local = new Date(at.getTime() - BRT_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day) + BRT_OFFSET_MS);
  return { day: utc(y, m, d), nextDay: utc(y, m, d + 1), month: utc(y, m, 1), nextMonth: utc(y, m + 1, 1) };
}

/** A row without a card is from before issue 30: the holder card's (the only card that bought then). */
export const boughtWith = (card: { id: string; accountId: string; cardType: string }) =>
  card.cardType === 'TITULAR'
    ? or(
        eq(authorizations.cardId, card.id),
        and(eq(authorizations.accountId, card.accountId), isNull(authorizations.cardId)),
      )
    : eq(authorizations.cardId, card.id);

/**
 * What the card has approved (and not reversed) in the calendar day and month of `at`: a purchase the network sends
 * late still counts in the day it happened.
 */
export async function spentSoFar(
  db: DbExecutor,
  card: { id: string; accountId: string; cardType: string },
  at: Date,
): Promise<SpentSoFar> {
  const { day, nextDay, month, nextMonth } = periodsOf(at);
  const inDay = sql`${authorizations.tmsIncl} >= ${day} and ${authorizations.tmsIncl} < ${nextDay}`;
  const [row] = await db
    .select({
      month: sql<string>`coalesce(sum(${authorizations.valueBrl}), 0)`,
      day: sql<string>`coalesce(sum(${authorizations.valueBrl}) filter (where ${inDay}), 0)`,
    })
    .from(authorizations)
    .where(
      and(
        boughtWith(card),
        gte(authorizations.tmsIncl, month),
        lt(authorizations.tmsIncl, nextMonth),
        approvedAuthorization,
      ),
    );
  return { dayCents: centsOf(row?.day ?? '0'), monthCents: centsOf(row?.month ?? '0') };
}

/** The answer of a recorded authorization; a control's decline is said in words, naming the control and its value. */
function answerOf(row: typeof authorizations.$inferSelect, controls: SpendingControls): NetworkAuthorizationResponse {
  const code = row.descDrop === 'NORMAL' ? null : ((row.declineCode as DeclineCode | null) ?? 'CARD_UNUSABLE');
  const byControl = code !== null && code !== 'CARD_UNUSABLE' && code !== 'INSUFFICIENT_LIMIT';
  return {
    requestId: row.networkRequestId ?? '',
    approved: code === null,
    code: code ?? 'APPROVED',
    message: byControl ? declineText(code, controls, row.mcc) : row.descResponseTransaction,
    authorizationNumber: row.numAuthorization,
  };
}

/** Two questions with one id for different cards can race past the read; the unique index refuses the second. */
const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';

/** The decline's record in the history: the platform's words for the card and the limit, the control's otherwise. */
const CONTROL_DESCRIPTION = 'NEGADA POR CONTROLE DE GASTO';

export function authorizeNetworkPurchase(db: Db, p: NetworkPurchase): Promise<NetworkAuthorizationResponse> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ account: accounts, card: cards })
      .from(cards)
      .innerJoin(accounts, eq(accounts.id, cards.accountId))
      .where(eq(cards.id, p.cardId))
      .for('update', { of: [accounts, cards] });
    if (!found) fail('CARD_NOT_FOUND');
    // Under the card's lock, so a repeated question waits for the first and reads its answer.
    const [earlier] = await tx.select().from(authorizations).where(eq(authorizations.networkRequestId, p.requestId));
    const { account, card } = found;
    const effective = await effectiveControls(tx, { companyId: account.companyId, cardId: card.id });
    if (earlier) {
      const same = earlier.cardId === p.cardId && centsOf(earlier.valueBrl) === p.valueCents;
      if (!same) fail('NETWORK_REQUEST_REPEATED');
      return answerOf(earlier, effective.controls);
    }
    let code: DeclineCode | null = null;
    if (!cardUsable(card, account)) code = 'CARD_UNUSABLE';
    else if ((await usedCents(tx, account.id)) + p.valueCents > centsOf(account.creditLimit)) {
      code = 'INSUFFICIENT_LIMIT';
    } else if (effective.source !== 'none') {
      const facts = { ...p, country: p.merchantCountry };
      code = judgeControls(effective.controls, facts, await spentSoFar(tx, card, p.at));
    }
    const value = numericOf(p.valueCents);
    const description =
      code === null
        ? messages.cardApi.purchaseApproved
        : code === 'CARD_UNUSABLE'
          ? messages.cardApi.purchaseCardBlocked
          : code === 'INSUFFICIENT_LIMIT'
            ? messages.cardApi.purchaseInsufficient
            : CONTROL_DESCRIPTION;
    const inserted = tx
      .insert(authorizations)
      .values({
        accountId: account.id,
        cardId: card.id,
        tmsIncl: p.at,
        numAuthorization: String(randomInt(0, 1_000_000)).padStart(6, '0'),
        establishmentName: p.merchantName,
        mainValue: value,
        valueBrl: value,
        descResponseTransaction: description,
        descDrop: code === null ? 'NORMAL' : 'NEGADA',
        transactionType: p.channel === 'SAQUE' ? 'SAQUE' : 'COMPRA A VISTA',
        mcc: p.mcc,
        merchantCountry: p.merchantCountry,
        channel: p.channel,
        networkRequestId: p.requestId,
        declineCode: code,
      })
      .returning();
    const [row] = await inserted.catch((err: unknown) => {
      if (isUniqueViolation(err)) fail('NETWORK_REQUEST_REPEATED');
      throw err;
    });
    if (!row) throw new Error('authorization not recorded');
    return answerOf(row, effective.controls);
  });
}
