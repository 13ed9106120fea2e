// A card's authorization history, its company's due dates and the invoice transactions of one due date.
// Every row goes out; the history screen applies the spec's filters (descDrop, transactionType, groups).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Authorization, InvoiceTransaction } from '../../contracts/schemas.ts';
import type { Db } from '../db/client.ts';
import { preparedRead } from '../db/prepared.ts';
import { authorizations, invoiceDueDates, transactions } from '../db/schema.ts';
import type { CardRefScope } from '../http/scope/types.ts';

/**
 * The card's history, newest first (prepared once, issue 17): the columns the screen shows and filters by — the network's
 * own columns (issue 30: request id, card, MCC, country, channel) stay in the database.
 */
const a = authorizations;
/** The columns an authorization is shown from, in a card's history and in the company's spend. */
export const historyColumns = {
  tmsIncl: a.tmsIncl,
  numAuthorization: a.numAuthorization,
  establishmentName: a.establishmentName,
  qtdParcel: a.qtdParcel,
  coinCode: a.coinCode,
  mainValue: a.mainValue,
  descResponseTransaction: a.descResponseTransaction,
  descDrop: a.descDrop,
  transactionType: a.transactionType,
  capturedOffline: a.capturedOffline,
  passwordValidated: a.passwordValidated,
  declineCode: a.declineCode,
  valueBrl: a.valueBrl,
};
const historyRead = preparedRead('authorization_history', (db, name) =>
  db
    .select(historyColumns)
    .from(authorizations)
    .where(eq(authorizations.accountId, sql.placeholder('accountId')))
    .orderBy(desc(authorizations.tmsIncl), desc(authorizations.id))
    .prepare(name),
);

export async function authorizationHistory(db: Db, scope: CardRefScope): Promise<Authorization[]> {
  const rows = await historyRead(db).execute({ accountId: scope.account.id });
  const history: Authorization[] = [];
  for (const r of rows) {
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
      valueBrl: Number(r.valueBrl),
      ...(r.declineCode ? { declineCode: r.declineCode } : {}),
    });
  }
  return history;
}

/** The company's billing cycle, newest first. */
export async function dueDatesOf(db: Db, scope: CardRefScope): Promise<string[]> {
  const rows = await db
    .select({ dueDate: invoiceDueDates.dueDate })
    .from(invoiceDueDates)
    .where(eq(invoiceDueDates.companyId, scope.company.id))
    .orderBy(desc(invoiceDueDates.dueDate));
  return rows.map((r) => r.dueDate);
}

export const maskCard = (last4: string) => `**** **** **** ${last4}`;

export async function invoiceTransactions(db: Db, scope: CardRefScope, dueDate: string): Promise<InvoiceTransaction[]> {
  const rows = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.accountId, scope.account.id), eq(transactions.dueDate, dueDate)))
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
