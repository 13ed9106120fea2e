// Demo corporate invoices and relationship limits, deterministic per company. Runs after the history seed, which
// writes the billing cycle (invoice_due_dates, monthly on day 22, historyDueDates); the same dates are ensured here.
//
// The identity every invoice keeps (values in cents; a value the platform did not report is null and counts as 0):
//   paidNotIntegralValue (current balance) = previousInvoiceValue − totalPaymentValue + financialBurdenValue
//   totalInvoiceValue = paidNotIntegralValue + totalDebitNationalValue + expenditureInternationalValue
//                     + withdrawalCashLimitNationalValue + withdrawalCashLimitInternationalValue
//                     + otherDebitsValue − otherCreditsValue + feesValue
//   previousInvoiceValue = the previous due date's totalInvoiceValue; bsPaymentMinNotParcel = 15 % of the total.
// Per company: the newest closed due date has a complete invoice, the second newest one with values not reported
// (international expenses and cash, other credits: null), the third newest no invoice at all.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { accounts, companies, invoiceDueDates, invoices } from '../schema.ts';
import { historyDueDates } from './history.ts';
import { prng } from './seed.ts';

/** An invoice closes this many days before its due date (as the history seed has it). */
const CLOSING_DAYS = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Free limit above the accounts' credit limits, per relation code; company B has almost none (code 38). */
const FREE_LIMIT: Record<string, number> = { '000101': 500_000, '000202': 1_000, '000303': 100_000 };
const DEFAULT_FREE_LIMIT = 100_000;

type InvoiceRow = typeof invoices.$inferInsert;

const reais = (cents: number) => (cents / 100).toFixed(2);

/** Mod-10 check digit of a boleto field. */
function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** Mod-11 general check digit of a boleto barcode (0, 10 and 11 become 1). */
function mod11(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv >= 10 ? 1 : dv;
}

/** The due factor: days since 1997-10-07, restarting at 1000 after 9999 (February 2025). */
function dueFactor(dueDate: string): string {
  const days = Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse('1997-10-07T00:00:00Z')) / DAY_MS);
  return String(days > 9999 ? ((days - 10_000) % 9000) + 1000 : days).padStart(4, '0');
}

/** A 47-digit digitable line of a bank slip (bank 341, currency 9) for the amount and due date. */
export function digitableLine(free: string, dueDate: string, cents: number): string {
  const bank = '3419';
  const tail = `${dueFactor(dueDate)}${String(cents).padStart(10, '0')}`;
  const barcodeWithoutDv = `${bank}${tail}${free}`;
  const dv = mod11(barcodeWithoutDv);
  const f1 = `${bank}${free.slice(0, 5)}`;
  const f2 = free.slice(5, 15);
  const f3 = free.slice(15, 25);
  const field = (s: string) => `${s}${mod10(s)}`;
  const [a, b, c] = [field(f1), field(f2), field(f3)];
  return `${a.slice(0, 5)}.${a.slice(5)} ${b.slice(0, 5)}.${b.slice(5)} ${c.slice(0, 5)}.${c.slice(5)} ${dv} ${tail}`;
}

/** An invoice has closed once its closing day (due date minus CLOSING_DAYS) is not after the reference (UTC). */
export function isClosed(dueDate: string, reference: Date): boolean {
  const closing = new Date(Date.parse(`${dueDate}T00:00:00Z`) - CLOSING_DAYS * DAY_MS);
  return closing.toISOString().slice(0, 10) <= reference.toISOString().slice(0, 10);
}

export function invoicesFor(companyId: number, seed: number, closed: string[]): InvoiceRow[] {
  const rng = prng(seed);
  const rows: InvoiceRow[] = [];
  let previous = rng.int(40_000, 160_000) * 100;
  closed.forEach((dueDate, index) => {
    const fromNewest = closed.length - 1 - index;
    const partial = fromNewest !== 0 && rng.next() < 0.3;
    const payments = partial ? Math.round(previous * (0.6 + rng.next() * 0.3)) : previous;
    const charges = Math.round((previous - payments) * 0.12);
    const balance = previous - payments + charges;
    const unreported = fromNewest === 1;
    const national = rng.int(3_000_000, 18_000_000);
    const international = unreported ? 0 : rng.int(0, 1_500_000);
    const cashNational = rng.int(0, 300_000);
    const cashInternational = unreported ? 0 : rng.int(0, 80_000);
    const otherDebits = rng.int(0, 50_000);
    const otherCredits = unreported ? 0 : rng.int(0, 30_000);
    const fees = rng.int(0, 4) * 2_990;
    const total =
      balance + national + international + cashNational + cashInternational + otherDebits - otherCredits + fees;
    const free = rng.digits(25);
    if (fromNewest !== 2) {
      rows.push({
        companyId,
        dueDate,
        totalInvoiceValue: reais(total),
        digitableLine: digitableLine(free, dueDate, total),
        previousInvoiceValue: reais(previous),
        totalPaymentValue: reais(payments),
        bsPaymentMinNotParcel: reais(Math.round(total * 0.15)),
        expenditureInternationalValue: unreported ? null : reais(international),
        totalDebitNationalValue: reais(national),
        withdrawalCashLimitInternationalValue: unreported ? null : reais(cashInternational),
        withdrawalCashLimitNationalValue: reais(cashNational),
        financialBurdenValue: reais(charges),
        paidNotIntegralValue: reais(balance),
        otherDebitsValue: reais(otherDebits),
        otherCreditsValue: unreported ? null : reais(otherCredits),
        feesValue: reais(fees),
      });
    }
    previous = total;
  });
  return rows;
}

/** Writes due dates, invoices and relationship limits for every company; what exists already is kept. */
export async function seedInvoices(db: Db, reference: Date = new Date()): Promise<void> {
  const all = await db
    .select({ id: companies.id, relationCode: companies.relationCode })
    .from(companies)
    .orderBy(asc(companies.id));
  for (const company of all) {
    await db.transaction(async (tx) => {
      await tx
        .insert(invoiceDueDates)
        .values(historyDueDates(reference).map((dueDate) => ({ companyId: company.id, dueDate })))
        .onConflictDoNothing();
      const dates = await tx
        .select({ dueDate: invoiceDueDates.dueDate })
        .from(invoiceDueDates)
        .where(eq(invoiceDueDates.companyId, company.id))
        .orderBy(asc(invoiceDueDates.dueDate));
      const closed = dates.map((d) => d.dueDate).filter((d) => isClosed(d, reference));
      const rows = invoicesFor(company.id, 5_000 + company.id, closed);
      if (rows.length > 0) await tx.insert(invoices).values(rows).onConflictDoNothing();

      const free = (FREE_LIMIT[company.relationCode] ?? DEFAULT_FREE_LIMIT).toFixed(2);
      const used = tx
        .select({ total: sql`coalesce(sum(${accounts.creditLimit}), 0)` })
        .from(accounts)
        .where(and(eq(accounts.companyId, company.id), ne(accounts.statusDescription, 'CANCELADA')));
      await tx
        .update(companies)
        .set({ relationshipLimit: sql`(${used}) + ${free}::numeric` })
        .where(eq(companies.id, company.id));
    });
  }
}
