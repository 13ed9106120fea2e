// The card network's real-time question (issue 30, decision 132): may this card make this purchase? One transaction
// under the account and card row locks every limit operation takes: the card usable, the available limit, then the
// spending controls. An approval holds the limit as every approved purchase does (limit-usage.ts); the answer,
// approved or declined, is recorded as the history shows it. The network's request id makes a repeated question
// get the first answer, holding the limit once.
import { randomInt } from 'node:crypto';
import { and, eq, gte, isNull, lt, or, type Placeholder, sql } from 'drizzle-orm';
import { messages } from '../../../contracts/messages.ts';
import { centsOf, numericOf } from '../../../contracts/money.ts';
import type { NetworkAuthorizationResponse } from '../../../contracts/network.ts';
import {
  type DeclineCode,
  declineText,
  isControlDecline,
  judgeControls,
  type PurchaseChannel,
  type SpendingControls,
  type SpentSoFar,
} from '../../../contracts/spending-controls.ts';
import type { Db, DbExecutor } from '../../db/client.ts';
import { inTransaction } from '../../db/connection-scoped.ts';
import { preparedRead } from '../../db/prepared.ts';
import { accounts, authorizations, cards, spendingControls } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import type { CardRow } from '../../http/scope/types.ts';
import { cardUsable } from '../authorizations.ts';
import { approvedAuthorization, holdsLimit } from '../limit-usage.ts';
import { afterVirtualApproval, judgeVirtual } from '../virtual-cards/on-purchase.ts';
import { type ControlsRow, effectiveOf } from './controls.ts';

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
export const boughtWith = (card: { id: string | Placeholder; accountId: string | Placeholder; cardType: string }) =>
  card.cardType === 'TITULAR'
    ? or(
        eq(authorizations.cardId, card.id),
        and(eq(authorizations.accountId, card.accountId), isNull(authorizations.cardId)),
      )
    : eq(authorizations.cardId, card.id);

/**
 * What the path reads of the locked rows and of the row it writes: only what it decides and answers with. Every
 * column read is a column drizzle builds into the statement and maps back on each call, and this is the provider's
 * hottest write (p99 ≤ 10 ms, issue 30): the whole rows cost about twice the CPU.
 */
const LOCKED = {
  account: {
    id: accounts.id,
    companyId: accounts.companyId,
    creditLimit: accounts.creditLimit,
    statusDescription: accounts.statusDescription,
  },
  card: {
    id: cards.id,
    accountId: cards.accountId,
    cardType: cards.cardType,
    status: cards.status,
    activeFlag: cards.activeFlag,
    expiresOn: cards.expiresOn,
  },
};
const ANSWERED = {
  networkRequestId: authorizations.networkRequestId,
  cardId: authorizations.cardId,
  valueBrl: authorizations.valueBrl,
  descDrop: authorizations.descDrop,
  declineCode: authorizations.declineCode,
  descResponseTransaction: authorizations.descResponseTransaction,
  numAuthorization: authorizations.numAuthorization,
  mcc: authorizations.mcc,
};
type LockedCard = { [K in keyof typeof LOCKED.card]: CardRow[K] };
type Answered = { [K in keyof typeof ANSWERED]: (typeof authorizations.$inferSelect)[K] };

/** The answer of a recorded authorization; a control's decline is said in words, naming the control and its value. */
function answerOf(row: Answered, controls: SpendingControls): NetworkAuthorizationResponse {
  const code = row.descDrop === 'NORMAL' ? null : ((row.declineCode as DeclineCode | null) ?? 'CARD_UNUSABLE');
  return {
    requestId: row.networkRequestId ?? '',
    approved: code === null,
    code: code ?? 'APPROVED',
    message: isControlDecline(code) ? declineText(code, controls, row.mcc) : row.descResponseTransaction,
    authorizationNumber: row.numAuthorization,
  };
}

/** The decline's record in the history: the platform's words for the card and the limit, the control's otherwise. */
const CONTROL_DESCRIPTION = 'NEGADA POR CONTROLE DE GASTO';
const VIRTUAL_LIMIT_DESCRIPTION = 'LIMITE DO CARTAO VIRTUAL';

const ph = (name: string) => sql.placeholder(name);

/**
 * Everything the decision reads besides the locked rows, in one statement taken after the lock (so it sees what an
 * earlier holder of the lock committed): what the account holds of its limit, what the card spent in the purchase's
 * day and month, and the card's and the company's controls. One statement per kind of card (what it bought with).
 */
function factsStatement(scoped: DbExecutor, cardType: 'TITULAR' | 'VIRTUAL', name: string) {
  const card = { id: ph('cardId'), accountId: ph('accountId'), cardType };
  const inMonth = and(
    boughtWith(card),
    gte(authorizations.tmsIncl, ph('month')),
    lt(authorizations.tmsIncl, ph('nextMonth')),
    approvedAuthorization,
  );
  const inDay = and(gte(authorizations.tmsIncl, ph('day')), lt(authorizations.tmsIncl, ph('nextDay')));
  const total = sql`coalesce(sum(${authorizations.valueBrl}), 0)::text`;
  const c = spendingControls;
  return scoped
    .select({
      used: sql<string>`(select ${total} from ${authorizations} where ${holdsLimit(ph('accountId'))})`,
      month: sql<string>`(select ${total} from ${authorizations} where ${inMonth})`,
      day: sql<string>`(select ${total} from ${authorizations} where ${inMonth} and ${inDay})`,
      controls: sql<string>`(select coalesce(json_agg(json_build_object(
        'cardId', ${c.cardId}, 'blockedGroups', ${c.blockedGroups}, 'international', ${c.international},
        'online', ${c.online}, 'cashWithdrawal', ${c.cashWithdrawal}, 'maxPerPurchase', ${c.maxPerPurchase}::text,
        'dailyLimit', ${c.dailyLimit}::text, 'monthlyLimit', ${c.monthlyLimit}::text)), '[]'::json)::text
        from ${c} where ${c.companyId} = ${ph('companyId')} and (${c.cardId} = ${ph('cardId')} or ${c.cardId} is null))`,
    })
    .from(accounts)
    .where(eq(accounts.id, ph('accountId')))
    .prepare(name);
}

/**
 * The path's statements, built once per engine (decision 150) on the connection-scoped instance inTransaction hands
 * out, kept as every hot prepared read is (db/prepared.ts): the lock, the facts per kind of card, the record and the
 * earlier answer of a repeated request. Values are placeholders, mapped by their column as any value is.
 */
const lockStatement = preparedRead('network_lock', (db, name) =>
  db
    .select(LOCKED)
    .from(cards)
    .innerJoin(accounts, eq(accounts.id, cards.accountId))
    .where(eq(cards.id, ph('cardId')))
    .for('update', { of: [accounts, cards] })
    .prepare(name),
);
const factsStatements = {
  TITULAR: preparedRead('network_facts_titular', (db, name) => factsStatement(db, 'TITULAR', name)),
  VIRTUAL: preparedRead('network_facts_virtual', (db, name) => factsStatement(db, 'VIRTUAL', name)),
};
// A request id asked before does nothing here (the unique index): its first answer is read and given again.
const recordStatement = preparedRead('network_record', (db, name) =>
  db
    .insert(authorizations)
    .values({
      accountId: ph('accountId'),
      cardId: ph('cardId'),
      tmsIncl: ph('at'),
      numAuthorization: ph('numAuthorization'),
      establishmentName: ph('merchantName'),
      mainValue: ph('value'),
      valueBrl: ph('value'),
      descResponseTransaction: ph('description'),
      descDrop: ph('descDrop'),
      transactionType: ph('transactionType'),
      mcc: ph('mcc'),
      merchantCountry: ph('merchantCountry'),
      channel: ph('channel'),
      networkRequestId: ph('requestId'),
      declineCode: ph('declineCode'),
    })
    .onConflictDoNothing({ target: authorizations.networkRequestId })
    .returning(ANSWERED)
    .prepare(name),
);
const earlierStatement = preparedRead('network_earlier', (db, name) =>
  db
    .select(ANSWERED)
    .from(authorizations)
    .where(eq(authorizations.networkRequestId, ph('requestId')))
    .prepare(name),
);

async function factsOf(scoped: Db, account: { id: string; companyId: number }, card: LockedCard, at: Date) {
  const { day, nextDay, month, nextMonth } = periodsOf(at);
  const kind = card.cardType === 'VIRTUAL' ? 'VIRTUAL' : 'TITULAR';
  const [row] = await factsStatements[kind](scoped).execute({
    accountId: account.id,
    companyId: account.companyId,
    cardId: card.id,
    month,
    nextMonth,
    day,
    nextDay,
  });
  if (!row) throw new Error('the locked account is gone');
  return {
    usedCents: centsOf(row.used),
    spent: { dayCents: centsOf(row.day), monthCents: centsOf(row.month) } satisfies SpentSoFar,
    effective: effectiveOf(JSON.parse(row.controls) as ControlsRow[], card.id),
  };
}

export function authorizeNetworkPurchase(db: Db, p: NetworkPurchase): Promise<NetworkAuthorizationResponse> {
  return inTransaction(db, async (scoped) => {
    const [found] = await lockStatement(scoped).execute({ cardId: p.cardId });
    if (!found) fail('CARD_NOT_FOUND');
    const { account, card } = found;
    const { usedCents, spent, effective } = await factsOf(scoped, account, card, p.at);
    const virtual = card.cardType === 'VIRTUAL';
    // In order: the card, a virtual card's own rules, the holder's limit, the controls.
    let code: DeclineCode | null = cardUsable(card, account) ? null : 'CARD_UNUSABLE';
    if (code === null && virtual) code = await judgeVirtual(scoped, card, p.valueCents, p.at);
    if (code === null && usedCents + p.valueCents > centsOf(account.creditLimit)) code = 'INSUFFICIENT_LIMIT';
    if (code === null && effective.source !== 'none') {
      code = judgeControls(effective.controls, { ...p, country: p.merchantCountry }, spent);
    }
    const value = numericOf(p.valueCents);
    const description =
      code === null
        ? messages.cardApi.purchaseApproved
        : code === 'CARD_UNUSABLE'
          ? messages.cardApi.purchaseCardBlocked
          : code === 'INSUFFICIENT_LIMIT'
            ? messages.cardApi.purchaseInsufficient
            : code === 'VIRTUAL_LIMIT'
              ? VIRTUAL_LIMIT_DESCRIPTION
              : CONTROL_DESCRIPTION;
    const [row] = await recordStatement(scoped).execute({
      accountId: account.id,
      cardId: card.id,
      at: p.at,
      numAuthorization: String(randomInt(0, 1_000_000)).padStart(6, '0'),
      merchantName: p.merchantName,
      value,
      description,
      descDrop: code === null ? 'NORMAL' : 'NEGADA',
      transactionType: p.channel === 'SAQUE' ? 'SAQUE' : 'COMPRA A VISTA',
      mcc: p.mcc,
      merchantCountry: p.merchantCountry,
      channel: p.channel,
      requestId: p.requestId,
      declineCode: code,
    });
    if (!row) {
      const [earlier] = await earlierStatement(scoped).execute({ requestId: p.requestId });
      if (!earlier || earlier.cardId !== p.cardId || centsOf(earlier.valueBrl) !== p.valueCents) {
        fail('NETWORK_REQUEST_REPEATED');
      }
      return answerOf(earlier, effective.controls);
    }
    if (virtual && code === null) await afterVirtualApproval(scoped, card, p.at);
    return answerOf(row, effective.controls);
  });
}
