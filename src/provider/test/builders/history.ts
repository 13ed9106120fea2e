// A company's billing cycle, invoices and card history, built for the test's own company and cards: the seed's
// generators (db/seed/history.ts, invoices.ts) run over what the test built, or one purchase the test describes.
import { asc, eq } from 'drizzle-orm';
import { authorizations, invoiceDueDates, invoices } from '../../db/schema.ts';
import { historyDueDates, seedHistory } from '../../db/seed/history.ts';
import { invoicesFor, isClosed } from '../../db/seed/invoices.ts';
import type { BuiltCard } from './card.ts';
import type { BuiltCompany } from './company.ts';
import type { Builds } from './types.ts';
import { next } from './values.ts';

export type AuthorizationRow = typeof authorizations.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/** The company's billing cycle: due dates on day 22 of the 8 months before `reference`'s and of its own. */
export async function buildDueDates(t: Builds, company: Pick<BuiltCompany, 'id'>, reference: Date): Promise<string[]> {
  const dueDates = historyDueDates(reference);
  await t.db
    .insert(invoiceDueDates)
    .values(dueDates.map((dueDate) => ({ companyId: company.id, dueDate })))
    .onConflictDoNothing();
  return dueDates;
}

/**
 * Months of generated history (the seed's generator) for the company's first `cards` holders by account number —
 * the cards the test built first: 30 to 50 authorizations each and invoice transactions for every due date. The
 * first of them shows every descDrop and an empty transactionType in a kept one, and ends with a purchase declined
 * above the limit it has left (decision 081). Writes the billing cycle too.
 */
export async function buildHistory(
  t: Builds,
  company: Pick<BuiltCompany, 'id'>,
  opts: { cards: number; reference: Date; seed?: number },
): Promise<void> {
  // The demo company A's draw unless said (seed.ts): every group and drop shows within its first accounts, and the
  // same options give the same history on every engine.
  const plan = { companyId: company.id, accountsWithHistory: opts.cards, seed: opts.seed ?? 1101 };
  await seedHistory(t.db, [plan], opts.reference);
}

/**
 * The company's invoices for each closed due date of its cycle (the seed's generator): the newest complete, the one
 * before it with values the platform did not report, the third newest none. Returns them newest first.
 */
export async function buildInvoices(
  t: Builds,
  company: Pick<BuiltCompany, 'id'>,
  reference: Date,
): Promise<InvoiceRow[]> {
  await buildDueDates(t, company, reference);
  const dates = await t.db
    .select({ dueDate: invoiceDueDates.dueDate })
    .from(invoiceDueDates)
    .where(eq(invoiceDueDates.companyId, company.id))
    .orderBy(asc(invoiceDueDates.dueDate));
  const closed = dates.map((d) => d.dueDate).filter((d) => isClosed(d, reference));
  const rows = invoicesFor(company.id, 5_000 + company.id, closed);
  if (rows.length === 0) return [];
  const built = await t.db.insert(invoices).values(rows).returning();
  return built.sort((a, b) => b.dueDate.localeCompare(a.dueDate));
}

export interface PurchaseOptions extends Partial<Omit<typeof authorizations.$inferInsert, 'accountId' | 'id'>> {
  /** When it was authorized. */
  at: Date;
  /** Its value in reais ('123.45'); in a foreign currency, `mainValue` and `coinCode` say so and this is the BRL. */
  value: string;
}

/**
 * One authorization of the card: approved (NORMAL), in reais, holding the limit until settled — unless the options
 * say otherwise (a refusal, an offline capture, a foreign purchase, a settled one).
 */
export async function buildPurchase(t: Builds, card: BuiltCard, opts: PurchaseOptions): Promise<AuthorizationRow> {
  const { at, value, ...rest } = opts;
  const [row] = await t.db
    .insert(authorizations)
    .values({
      accountId: card.account.id,
      tmsIncl: at,
      numAuthorization: String(100_000 + (next() % 900_000)),
      establishmentName: 'PADARIA TESTE',
      mainValue: value,
      valueBrl: value,
      descResponseTransaction: 'TRANSACAO APROVADA',
      descDrop: 'NORMAL',
      transactionType: 'COMPRA A VISTA',
      ...rest,
    })
    .returning();
  if (!row) throw new Error('authorization insert returned nothing');
  return row;
}
