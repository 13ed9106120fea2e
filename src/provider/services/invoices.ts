// The relationship's invoices: its own account (whose uuid the due-date list takes) and the corporate invoice
// of a due date, only for the operator's companies.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { CorporateAccountResponse, CorporateInvoice, InvoiceState } from '../../contracts/schemas.ts';
import type { DbExecutor } from '../db/client.ts';
import { accounts, cards, invoices } from '../db/schema.ts';
import type { CompanyRef } from '../http/scope/types.ts';
import { centsOf, invoiceTxid, type PixReceiver, staticPix } from './pix.ts';

/**
 * The relationship's own account: the company's account flagged main (mainAccount 'S'), otherwise its first
 * account by number. Its uuid and holder card are what the due-date list of the invoice screen is asked with.
 */
export async function relationshipAccount(
  db: DbExecutor,
  company: CompanyRef,
): Promise<CorporateAccountResponse | null> {
  const [row] = await db
    .select({ uuid: accounts.id, last4: cards.last4 })
    .from(accounts)
    .innerJoin(cards, and(eq(cards.accountId, accounts.id), eq(cards.cardType, 'TITULAR')))
    .where(eq(accounts.companyId, company.id))
    .orderBy(sql`case when ${accounts.mainAccount} = 'S' then 0 else 1 end`, asc(accounts.accountNumber))
    .limit(1);
  if (!row) return null;
  return {
    uuid: row.uuid,
    last4digits: row.last4,
    corporateName: company.corporateName,
    cnpj: company.cnpj,
    relationCode: company.relationCode,
  };
}

const money = (value: string | null) => (value === null ? null : Number(value));

/** Today's date in Brasília (UTC−3 all year), ISO: the day a due date is compared with. */
export const brasiliaToday = (now: Date) => new Date(now.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);

/** The invoice closed after this one, which records what was paid of it (its payments and credits), if any. */
async function nextInvoice(db: DbExecutor, row: typeof invoices.$inferSelect) {
  const [next] = await db
    .select({ totalPaymentValue: invoices.totalPaymentValue })
    .from(invoices)
    .where(and(eq(invoices.companyId, row.companyId), gt(invoices.dueDate, row.dueDate)))
    .orderBy(asc(invoices.dueDate))
    .limit(1);
  return next ?? null;
}

/**
 * Where the invoice stands (decision 120): a later closed invoice settles it — paga when the payments it recorded
 * cover this total, vencida when they fall short (the rest was carried with charges); with none yet, aberta up to
 * its due date (Brasília day) and vencida after. A total that is not positive has nothing to pay.
 */
export function invoiceState(
  total: number,
  dueDate: string,
  next: { totalPaymentValue: string | null } | null,
  today: string,
): InvoiceState {
  if (total <= 0) return 'paga';
  if (next) return centsOf(next.totalPaymentValue ?? '0') >= total ? 'paga' : 'vencida';
  return dueDate >= today ? 'aberta' : 'vencida';
}

/**
 * The Pix copia-e-cola of an invoice's total, or undefined when there is nothing to pay with it: no receiver
 * configured, a total that is not positive, or an invoice already settled by a later one (a Pix of this total would
 * be paid twice).
 */
function invoicePix(row: typeof invoices.$inferSelect, settled: boolean, pix: PixReceiver | null): string | undefined {
  if (!pix || row.totalInvoiceValue === null || settled) return undefined;
  const amountCents = centsOf(row.totalInvoiceValue);
  if (amountCents <= 0) return undefined;
  return staticPix({ ...pix, amountCents, txid: invoiceTxid(row.id, row.dueDate) });
}

/** The closed invoice of a due date, or null when none closed on it; with its Pix when `pix` is given. */
export async function corporateInvoice(
  db: DbExecutor,
  companyId: number,
  dueDate: string,
  pix: PixReceiver | null = null,
  today = brasiliaToday(new Date()),
): Promise<CorporateInvoice | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.dueDate, dueDate)));
  if (!row) return null;
  const next = await nextInvoice(db, row);
  const pixCopiaECola = invoicePix(row, next !== null, pix);
  const state = invoiceState(centsOf(row.totalInvoiceValue ?? '0'), row.dueDate, next, today);
  return {
    dueDate: row.dueDate,
    totalInvoiceValue: money(row.totalInvoiceValue),
    digitableLine: row.digitableLine,
    previousInvoiceValue: money(row.previousInvoiceValue),
    totalPaymentValue: money(row.totalPaymentValue),
    bsPaymentMinNotParcel: money(row.bsPaymentMinNotParcel),
    expenditureInternationalValue: money(row.expenditureInternationalValue),
    totalDebitNationalValue: money(row.totalDebitNationalValue),
    withdrawalCashLimitInternationalValue: money(row.withdrawalCashLimitInternationalValue),
    withdrawalCashLimitNationalValue: money(row.withdrawalCashLimitNationalValue),
    financialBurdenValue: money(row.financialBurdenValue),
    paidNotIntegralValue: money(row.paidNotIntegralValue),
    otherDebitsValue: money(row.otherDebitsValue),
    otherCreditsValue: money(row.otherCreditsValue),
    feesValue: money(row.feesValue),
    ...(pixCopiaECola ? { pixCopiaECola } : {}),
    state,
  };
}
