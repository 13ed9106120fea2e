// A card's authorization history, its company's due dates and the invoice transactions of one due date.
// Every row goes out; the history screen applies the spec's filters (descDrop, transactionType, groups).
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Authorization, InvoiceTransaction } from '../../contracts/schemas.ts';
import type { Db } from '../db/client.ts';
import { preparedRead } from '../db/prepared.ts';
import { authorizations, invoiceDueDates, transactions } from '../db/schema.ts';
import { fail } from '../errors.ts';
import { cardAccountOfUser, cardAccountQuery } from './cards.ts';
import { requireLinkedPermission } from './profiles.ts';

async function accountOf(db: Db, userId: string, accountId: string, last4: string) {
  const found = await cardAccountOfUser(db, userId, accountId, last4);
  if (!found) fail('CARD_NOT_FOUND');
  return found;
}

/**
 * The card's history in one statement with the card itself (issue 17: one round trip less on the busiest read of a
 * card): the card as `cardAccountOfUser` finds it, its authorizations left-joined. No row: the card is not the
 * operator's; one row without an authorization: a card with no history yet.
 */
const historyRead = preparedRead('authorization_history', (db, name) => {
  const card = cardAccountQuery(db).as('card');
  return db
    .select({ profile: card.profile, authorization: authorizations })
    .from(card)
    .leftJoin(authorizations, eq(authorizations.accountId, card.id))
    .orderBy(desc(authorizations.tmsIncl), desc(authorizations.id))
    .prepare(name);
});

export async function authorizationHistory(
  db: Db,
  userId: string,
  accountId: string,
  last4: string,
): Promise<Authorization[]> {
  const rows = await historyRead(db).execute({ userId, accountId, last4 });
  const [card] = rows;
  if (!card) fail('CARD_NOT_FOUND');
  requireLinkedPermission(card.profile);
  const history: Authorization[] = [];
  for (const { authorization: r } of rows) {
    if (r === null) continue;
    history.push({
      tmsInclH: r.tmsIncl.toISOString(),
      numAuthorization: r.numAuthorization,
      establishmentName: r.establishmentName,
      qtdParcel: r.qtdParcel,
      coinCode: r.coinCode,
      mainValue: Number(r.mainValue),
      descResponseTransaction: r.descResponseTransaction,
      descDrop: r.descDrop,
      transactionType: r.transactionType,
      capturedOffline: r.capturedOffline,
      passwordValidated: r.passwordValidated,
    });
  }
  return history;
}

/** The company's billing cycle, newest first. */
export async function dueDatesOf(db: Db, userId: string, accountId: string, last4: string): Promise<string[]> {
  const account = await accountOf(db, userId, accountId, last4);
  const rows = await db
    .select({ dueDate: invoiceDueDates.dueDate })
    .from(invoiceDueDates)
    .where(eq(invoiceDueDates.companyId, account.companyId))
    .orderBy(desc(invoiceDueDates.dueDate));
  return rows.map((r) => r.dueDate);
}

export const maskCard = (last4: string) => `**** **** **** ${last4}`;

export async function invoiceTransactions(
  db: Db,
  userId: string,
  accountId: string,
  last4: string,
  dueDate: string,
): Promise<InvoiceTransaction[]> {
  const account = await accountOf(db, userId, accountId, last4);
  const rows = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.accountId, account.id), eq(transactions.dueDate, dueDate)))
    .orderBy(asc(transactions.date), asc(transactions.id));
  return rows.map((r) => ({
    abbreviationGroup: r.abbreviationGroup,
    date: r.date.replaceAll('-', ''),
    numCard: maskCard(r.last4),
    description: r.description,
    valueTransactionInternational: Number(r.valueInternational),
    valueTransactionNational: Number(r.valueNational),
    numParcelOf: r.numParcelOf ?? '',
  }));
}
