// The relationship's invoices: its own account (whose uuid the due-date list takes) and the corporate invoice
// of a due date, only for the operator's companies.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { CorporateAccountResponse, CorporateInvoice } from '../../contracts/schemas.ts';
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

/**
 * The Pix copia-e-cola of an invoice's total, or undefined when there is nothing to pay with it: no receiver
 * configured, a total that is not positive, or an invoice already settled. A later closed invoice settles this one:
 * it records what was paid as its payments and credits and carries the rest into its own balance, so a Pix of this
 * total would be paid twice.
 */
async function invoicePix(
  db: DbExecutor,
  row: typeof invoices.$inferSelect,
  pix: PixReceiver | null,
): Promise<string | undefined> {
  if (!pix || row.totalInvoiceValue === null) return undefined;
  const amountCents = centsOf(row.totalInvoiceValue);
  if (amountCents <= 0) return undefined;
  const [later] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.companyId, row.companyId), gt(invoices.dueDate, row.dueDate)))
    .limit(1);
  if (later) return undefined;
  return staticPix({ ...pix, amountCents, txid: invoiceTxid(row.id, row.dueDate) });
}

/** The closed invoice of a due date, or null when none closed on it; with its Pix when `pix` is given. */
export async function corporateInvoice(
  db: DbExecutor,
  companyId: number,
  dueDate: string,
  pix: PixReceiver | null = null,
): Promise<CorporateInvoice | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.dueDate, dueDate)));
  if (!row) return null;
  const pixCopiaECola = await invoicePix(db, row, pix);
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
  };
}
