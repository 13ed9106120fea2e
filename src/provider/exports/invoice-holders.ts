// The corporate invoice of a due date broken down by holder: one line per holder with what their card put on it,
// then the invoice's own lines (previous balance and charges; what the platform billed without naming a holder),
// then the total. The lines add up to the invoice's total to the centavo (tested against corporateInvoice).
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { exportFilters } from '../../contracts/exports.ts';
import { messages } from '../../contracts/messages.ts';
import type { Db } from '../db/client.ts';
import { accounts, cards, invoices, transactions } from '../db/schema.ts';
import { fail } from '../errors.ts';
import type { CompanyRef, CompanyScope } from '../http/scope/types.ts';
import { centsOfText } from './csv.ts';
import type { ExportCell, ExportKind } from './kind.ts';

const c = messages.exports.columns;
const lines = messages.exports.invoiceLines;
/** What a holder's card adds to the invoice: purchases, withdrawals, IOF and fees, less its credits (refunds). */
export const DEBIT_GROUPS = ['DEN', 'DEI', 'DEB', 'IOF', 'TAR'];
export const CREDIT_GROUPS = ['CRE'];
const BATCH = 5_000;

async function invoiceOf(db: Db, company: CompanyRef, dueDate: string) {
  const [invoice] = await db
    .select({ total: invoices.totalInvoiceValue, balance: invoices.paidNotIntegralValue })
    .from(invoices)
    .where(and(eq(invoices.companyId, company.id), eq(invoices.dueDate, dueDate)));
  if (!invoice) fail('INVOICE_NOT_FOUND');
  return { company, totalCents: centsOfText(invoice.total ?? '0'), balanceCents: centsOfText(invoice.balance ?? '0') };
}

const billed = (companyId: number, dueDate: string) =>
  and(
    eq(accounts.companyId, companyId),
    eq(transactions.dueDate, dueDate),
    inArray(transactions.abbreviationGroup, [...DEBIT_GROUPS, ...CREDIT_GROUPS]),
  );

export const invoiceHoldersKind: ExportKind<(typeof exportFilters)['invoice-holders'], CompanyScope> = {
  name: 'invoice-holders',
  filters: exportFilters['invoice-holders'],
  fileName: (f) => `fatura-${f.dueDate}-por-portador`,
  header: [c.account, c.holder, c.cpf, c.last4, c.entries, c.total],

  async count(db, scope, f) {
    const { company } = await invoiceOf(db, scope.company, f.dueDate);
    const [row] = await db
      .select({ n: sql<number>`count(distinct ${transactions.accountId})`.mapWith(Number) })
      .from(transactions)
      .innerJoin(accounts, eq(accounts.id, transactions.accountId))
      .where(billed(company.id, f.dueDate));
    return (row?.n ?? 0) + 3;
  },

  async *rows(db, scope, f) {
    const { company, totalCents, balanceCents } = await invoiceOf(db, scope.company, f.dueDate);
    const signed = sql`case when ${inArray(transactions.abbreviationGroup, CREDIT_GROUPS)} then -${transactions.valueNational} else ${transactions.valueNational} end`;
    let holdersCents = 0;
    let after: bigint | null = null;
    for (;;) {
      const rows = await db
        .select({
          number: accounts.accountNumber,
          name: accounts.holderName,
          documentNumber: accounts.documentNumber,
          last4: sql<string>`min(coalesce(${cards.last4TwoWay}, ${cards.last4}))`,
          entries: sql<number>`count(*)`.mapWith(Number),
          total: sql<string>`sum(${signed})::text`,
        })
        .from(transactions)
        .innerJoin(accounts, eq(accounts.id, transactions.accountId))
        .innerJoin(cards, and(eq(cards.accountId, accounts.id), eq(cards.cardType, 'TITULAR')))
        .where(and(billed(company.id, f.dueDate), after === null ? undefined : gt(accounts.accountNumber, after)))
        .groupBy(accounts.accountNumber, accounts.holderName, accounts.documentNumber)
        .orderBy(asc(accounts.accountNumber))
        .limit(BATCH);
      if (rows.length > 0) {
        yield rows.map((r): ExportCell[] => {
          const cents = centsOfText(r.total);
          holdersCents += cents;
          const doc = r.documentNumber.replace(/\D/g, '').padStart(11, '0');
          const cpf = `${doc.slice(0, 3)}.${doc.slice(3, 6)}.${doc.slice(6, 9)}-${doc.slice(9)}`;
          return [r.number.toString(), r.name, cpf, r.last4, r.entries, { cents }];
        });
      }
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]!.number;
    }
    yield [
      ['', lines.balance, '', '', null, { cents: balanceCents }],
      ['', lines.unassigned, '', '', null, { cents: totalCents - balanceCents - holdersCents }],
      ['', lines.total, '', '', null, { cents: totalCents }],
    ];
  },
};
