// A card's authorizations and its invoices' transactions as files: the rows the history screen keeps (spec section
// 5's filters), in its order, with its status rule.
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { authorizationStatus } from '../../contracts/authorization-status.ts';
import { exportFilters } from '../../contracts/exports.ts';
import { messages } from '../../contracts/messages.ts';
import { authorizations, transactions } from '../db/schema.ts';
import type { CardScope } from '../http/scope/types.ts';
import type { ExportCell, ExportKind } from './kind.ts';

const c = messages.exports.columns;
/** The history screen's filters (web/features/card-details/lib/history.ts), kept in step by the export tests. */
export const KEPT_DROPS = ['NORMAL', 'NEGADA', 'ONLINE', 'CANCELADA', 'APROVADA'];
export const KEPT_GROUPS = ['CRE', 'DEN', 'PGT', 'DEI', 'DEB'];
const CURRENCIES: Record<number, string> = { 986: 'BRL', 840: 'USD', 978: 'EUR' };
const BATCH = 5_000;

const keptAuthorizations = (accountId: string) =>
  and(eq(authorizations.accountId, accountId), inArray(authorizations.descDrop, KEPT_DROPS));

export const authorizationsKind: ExportKind<typeof exportFilters.authorizations, CardScope> = {
  name: 'authorizations',
  filters: exportFilters.authorizations,
  fileName: (f) => `autorizacoes-cartao-${f.last4}`,
  header: [c.dateTime, c.establishment, c.authorization, c.installments, c.value, c.currency, c.status, c.response],

  async count(db, { account }) {
    const rows = await db
      .select({ type: authorizations.transactionType })
      .from(authorizations)
      .where(keptAuthorizations(account.id));
    return rows.filter((r) => r.type.trim() !== '').length;
  },

  async *rows(db, { account }) {
    // A card holds thousands of authorizations at most: one ordered read, sent in batches.
    const rows = await db
      .select()
      .from(authorizations)
      .where(keptAuthorizations(account.id))
      .orderBy(desc(authorizations.tmsIncl), desc(authorizations.id));
    const kept = rows.filter((r) => r.transactionType.trim() !== '');
    for (let i = 0; i < kept.length; i += BATCH) {
      yield kept.slice(i, i + BATCH).map((r): ExportCell[] => [
        // The screen shows the platform's time one minute on (spec section 4); the file shows what the screen shows.
        { dateTime: new Date(r.tmsIncl.getTime() + 60_000) },
        r.establishmentName,
        r.numAuthorization,
        r.qtdParcel,
        { brl: r.mainValue },
        CURRENCIES[r.coinCode] ?? 'BRL',
        authorizationStatus(r),
        r.descResponseTransaction,
      ]);
    }
  },
};

const keptTransactions = (accountId: string, dueDates: string[]) =>
  and(
    eq(transactions.accountId, accountId),
    inArray(transactions.dueDate, dueDates),
    inArray(transactions.abbreviationGroup, KEPT_GROUPS),
  );

export const transactionsKind: ExportKind<typeof exportFilters.transactions, CardScope> = {
  name: 'transactions',
  filters: exportFilters.transactions,
  fileName: (f) => `transacoes-cartao-${f.last4}`,
  header: [c.date, c.description, c.group, c.last4, c.installment, c.national, c.international, c.dueDate],

  async count(db, { account }, f) {
    const [row] = await db.select({ n: count() }).from(transactions).where(keptTransactions(account.id, f.dueDates));
    return row?.n ?? 0;
  },

  async *rows(db, { account }, f) {
    const rows = await db
      .select()
      .from(transactions)
      .where(keptTransactions(account.id, f.dueDates))
      .orderBy(desc(transactions.date), desc(transactions.id));
    for (let i = 0; i < rows.length; i += BATCH) {
      yield rows
        .slice(i, i + BATCH)
        .map((r): ExportCell[] => [
          { date: r.date },
          r.description,
          r.abbreviationGroup,
          r.last4,
          r.numParcelOf ?? '',
          { brl: r.valueNational },
          { brl: r.valueInternational },
          { date: r.dueDate },
        ]);
    }
  },
};
