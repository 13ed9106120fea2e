import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import {
  type CorporateInvoice,
  corporateAccountResponse,
  corporateInvoice,
  invoiceDueDatesResponse,
} from '../../contracts/schemas.ts';
import { accounts, invoiceDueDates, invoices } from '../db/schema.ts';
import { corporateInvoice as corporateInvoiceOf } from '../services/invoices.ts';
import { DEMO_PIX_KEY, invoiceTxid } from '../services/pix.ts';
import { checkBrCode } from '../test/br-code.ts';
import { type BuiltCompany, buildCards, buildCompany, buildInvoices, buildUser } from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

let h: Harness;
let token: string;
type CompanyRow = BuiltCompany;
/** The demo operator's two companies, and another operator's. */
let main: CompanyRow;
let tight: CompanyRow;
let foreign: CompanyRow;
let otherLogin: string;
/** The moment the invoices are drawn back from, as the seed draws the demo's from its start. */
const REFERENCE = new Date();

beforeAll(async () => {
  h = await createHarness();
  main = await buildCompany(h, { members: [DEMO.login] });
  tight = await buildCompany(h, { members: [DEMO.login] });
  ({ login: otherLogin } = await buildUser(h, { password: DEMO.password }));
  foreign = await buildCompany(h, { members: [otherLogin] });
  for (const company of [main, tight, foreign]) {
    await buildCards(h, company, 3);
    await buildInvoices(h, company, REFERENCE);
  }
  token = await h.token(DEMO.login, DEMO.password);
});
afterAll(() => h.close());

const account = (cnpj: string, relationCode: string, auth = token) =>
  h.app.inject({
    method: 'GET',
    url: '/v1/corporate/account',
    headers: { ...bearer(auth), cnpj, relationcode: relationCode },
  });

const invoice = (cnpj: string, dueDate: string, auth = token) =>
  h.app.inject({ method: 'GET', url: '/v2/invoice/corporate', headers: { ...bearer(auth), cnpj, duedate: dueDate } });

/** Due dates of a company, oldest first, with whether an invoice closed on it. */
async function cycle(companyId: number) {
  const dates = await h.db
    .select({ dueDate: invoiceDueDates.dueDate })
    .from(invoiceDueDates)
    .where(eq(invoiceDueDates.companyId, companyId))
    .orderBy(asc(invoiceDueDates.dueDate));
  const closed = await h.db
    .select({ dueDate: invoices.dueDate })
    .from(invoices)
    .where(eq(invoices.companyId, companyId))
    .orderBy(asc(invoices.dueDate));
  const withInvoice = new Set(closed.map((r) => r.dueDate));
  return { dates: dates.map((d) => d.dueDate), invoiced: closed.map((r) => r.dueDate), withInvoice };
}

const cents = (v: number | null) => Math.round((v ?? 0) * 100);

describe('GET /v1/corporate/account', () => {
  it('answers the relationship’s own account: the company’s first account and its card', async () => {
    const res = await account(main.cnpj, main.relationCode);
    expect(res.statusCode).toBe(200);
    const body = corporateAccountResponse.parse(res.json());
    const [first] = await h.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.companyId, main.id))
      .orderBy(asc(accounts.accountNumber))
      .limit(1);
    expect(body).toMatchObject({
      uuid: first!.id,
      corporateName: main.corporateName,
      cnpj: main.cnpj,
      relationCode: main.relationCode,
    });
    expect(body.last4digits).toMatch(/^\d{4}$/);
  });

  it('its uuid and card give the relationship’s due dates, newest first, with the invoice dates among them', async () => {
    const body = corporateAccountResponse.parse((await account(main.cnpj, main.relationCode)).json());
    const res = await h.app.inject({
      method: 'GET',
      url: `/v2/invoice/duedate/${body.uuid}`,
      headers: { ...bearer(token), last4digits: body.last4digits },
    });
    expect(res.statusCode).toBe(200);
    const listed = invoiceDueDatesResponse.parse(res.json()).listInvoiceDueDate.map((d) => d.invoiceDueDate);
    const { dates, invoiced } = await cycle(main.id);
    expect(listed).toEqual([...dates].reverse());
    expect(invoiced.every((d) => listed.includes(d))).toBe(true);
  });

  it('refuses another company, and a relation code of another company, with 404', async () => {
    const res = await account(foreign.cnpj, foreign.relationCode);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: messages.company.notFound, code: 'COMPANY_NOT_FOUND' });
    expect((await account(main.cnpj, tight.relationCode)).statusCode).toBe(404);
  });

  it('refuses a malformed cnpj with 400', async () => {
    const res = await account('123', main.relationCode);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('cnpj');
  });
});

describe('GET /v2/invoice/corporate', () => {
  it('has, for each company, at least six closed invoices and a due date without one', async () => {
    for (const company of [main, tight, foreign]) {
      const { dates, invoiced, withInvoice } = await cycle(company.id);
      expect(invoiced.length).toBeGreaterThanOrEqual(6);
      const newestInvoiced = invoiced[invoiced.length - 1] as string;
      const gaps = dates.filter((d) => d < newestInvoiced && !withInvoice.has(d));
      expect(gaps).toHaveLength(1);
      expect(dates.every((d) => d.endsWith('-22'))).toBe(true);
    }
  });

  it('answers every field of the invoice, and the blocks add up to the total', async () => {
    const { invoiced } = await cycle(main.id);
    let previousTotal: number | null = null;
    let previousDate: string | null = null;
    const { dates } = await cycle(main.id);
    for (const dueDate of invoiced) {
      const res = await invoice(main.cnpj, dueDate);
      expect(res.statusCode).toBe(200);
      const body: CorporateInvoice = corporateInvoice.strict().parse(res.json());
      expect(body.dueDate).toBe(dueDate);
      const balance =
        cents(body.previousInvoiceValue) - cents(body.totalPaymentValue) + cents(body.financialBurdenValue);
      expect(cents(body.paidNotIntegralValue)).toBe(balance);
      const total =
        balance +
        cents(body.totalDebitNationalValue) +
        cents(body.expenditureInternationalValue) +
        cents(body.withdrawalCashLimitNationalValue) +
        cents(body.withdrawalCashLimitInternationalValue) +
        cents(body.otherDebitsValue) -
        cents(body.otherCreditsValue) +
        cents(body.feesValue);
      expect(cents(body.totalInvoiceValue)).toBe(total);
      expect(cents(body.bsPaymentMinNotParcel)).toBe(Math.round(total * 0.15));
      // The previous balance is the total of the due date before, when that one had an invoice.
      const before = dates[dates.indexOf(dueDate) - 1];
      if (previousTotal !== null && before === previousDate)
        expect(cents(body.previousInvoiceValue)).toBe(previousTotal);
      expect(body.digitableLine).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
      expect(body.digitableLine?.endsWith(String(cents(body.totalInvoiceValue)).padStart(10, '0'))).toBe(true);
      previousTotal = cents(body.totalInvoiceValue);
      previousDate = dueDate;
    }
  });

  it('answers the newest invoice complete and the one before with the values not reported as null', async () => {
    const { invoiced } = await cycle(main.id);
    const newest = corporateInvoice.parse((await invoice(main.cnpj, invoiced[invoiced.length - 1] as string)).json());
    expect(Object.values(newest).every((v) => v !== null)).toBe(true);
    const partial = corporateInvoice.parse((await invoice(main.cnpj, invoiced[invoiced.length - 2] as string)).json());
    expect(partial.expenditureInternationalValue).toBeNull();
    expect(partial.withdrawalCashLimitInternationalValue).toBeNull();
    expect(partial.otherCreditsValue).toBeNull();
    expect(partial.totalInvoiceValue).not.toBeNull();
  });

  it('answers 404 Fatura indisponível for a due date without an invoice', async () => {
    const { dates, invoiced, withInvoice } = await cycle(main.id);
    const missing = dates.find((d) => d < (invoiced[invoiced.length - 1] as string) && !withInvoice.has(d)) as string;
    const res = await invoice(main.cnpj, missing);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Fatura indisponível', code: 'INVOICE_NOT_FOUND' });
  });

  it('serves the second company of the operator, and refuses a company that is not the operator’s', async () => {
    const { invoiced } = await cycle(tight.id);
    expect((await invoice(tight.cnpj, invoiced[0] as string)).statusCode).toBe(200);
    const { invoiced: theirs } = await cycle(foreign.id);
    const res = await invoice(foreign.cnpj, theirs[0] as string);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: messages.company.notFound, code: 'COMPANY_NOT_FOUND' });
    const own = await invoice(foreign.cnpj, theirs[0] as string, await h.token(otherLogin, DEMO.password));
    expect(own.statusCode).toBe(200);
  });

  it('refuses a due date that is not a real date with 400', async () => {
    for (const dueDate of ['2025-02-30', '22/01/2026', '0000-11-01', '']) {
      const res = await invoice(main.cnpj, dueDate);
      expect(res.statusCode, dueDate).toBe(400);
      expect(res.json().message, dueDate).toBe(
        'Campo inválido "duedate": data inválida: use AAAA-MM-DD, de 1900 em diante',
      );
    }
  });

  it('keeps values consistent with what the table holds', async () => {
    const [row] = await h.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, main.id)))
      .orderBy(asc(invoices.dueDate))
      .limit(1);
    const body = corporateInvoice.parse((await invoice(main.cnpj, row!.dueDate)).json());
    expect(body.totalInvoiceValue).toBe(Number(row!.totalInvoiceValue));
    expect(body.digitableLine).toBe(row!.digitableLine);
  });
});

describe('GET /v2/invoice/corporate: Pix copia-e-cola (decision 077)', () => {
  const newestOf = async (companyId: number) => {
    const { invoiced } = await cycle(companyId);
    return invoiced[invoiced.length - 1] as string;
  };

  it('carries, on the invoice still to pay, a BR Code of its total to the centavo, with a valid CRC', async () => {
    const dueDate = await newestOf(main.id);
    const body = corporateInvoice.strict().parse((await invoice(main.cnpj, dueDate)).json());
    expect(body.pixCopiaECola).toBeDefined();
    const { fields, account, extra } = checkBrCode(body.pixCopiaECola!);
    expect(account.get('01')).toBe(DEMO_PIX_KEY);
    expect(cents(Number(fields.get('54')))).toBe(cents(body.totalInvoiceValue));
    expect(fields.get('54')).toBe(body.totalInvoiceValue!.toFixed(2));
    const [row] = await h.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.companyId, main.id), eq(invoices.dueDate, dueDate)));
    expect(extra.get('05')).toBe(invoiceTxid(row!.id, dueDate));
    // The same invoice always gets the same code: a payer may scan it today and the bank report it tomorrow.
    expect(corporateInvoice.parse((await invoice(main.cnpj, dueDate)).json()).pixCopiaECola).toBe(body.pixCopiaECola);
  });

  it('carries none on invoices a later one has settled (paid, or the rest carried into the later balance)', async () => {
    const { invoiced } = await cycle(main.id);
    for (const dueDate of invoiced.slice(0, -1)) {
      const body = corporateInvoice.parse((await invoice(main.cnpj, dueDate)).json());
      expect(body.pixCopiaECola, dueDate).toBeUndefined();
    }
  });

  it('carries none when the total is zero or a credit', async () => {
    const dueDate = await newestOf(tight.id);
    const where = and(eq(invoices.companyId, tight.id), eq(invoices.dueDate, dueDate));
    const [before] = await h.db.select({ total: invoices.totalInvoiceValue }).from(invoices).where(where);
    try {
      for (const total of ['0.00', '-12.34']) {
        await h.db.update(invoices).set({ totalInvoiceValue: total }).where(where);
        const body = corporateInvoice.parse((await invoice(tight.cnpj, dueDate)).json());
        expect(body.totalInvoiceValue).toBe(Number(total));
        expect(body.pixCopiaECola, total).toBeUndefined();
      }
    } finally {
      await h.db.update(invoices).set({ totalInvoiceValue: before!.total }).where(where);
    }
    expect(corporateInvoice.parse((await invoice(tight.cnpj, dueDate)).json()).pixCopiaECola).toBeDefined();
  });

  it('carries none when the provider has no Pix key (production without PIX_KEY)', async () => {
    const body = await corporateInvoiceOf(h.db, main.id, await newestOf(main.id), null);
    expect(body?.totalInvoiceValue).toBeGreaterThan(0);
    expect(body).not.toHaveProperty('pixCopiaECola');
  });
});

describe("an invoice's state (decision 120)", () => {
  it('is aberta up to its due date, vencida after it, paga once a later invoice recorded its whole total', async () => {
    const { invoiceState } = await import('../services/invoices.ts');
    expect(invoiceState(10_000, '2026-03-22', null, '2026-03-22')).toBe('aberta');
    expect(invoiceState(10_000, '2026-03-22', null, '2026-03-23')).toBe('vencida');
    expect(invoiceState(10_000, '2026-02-22', { totalPaymentValue: '100.00' }, '2026-03-23')).toBe('paga');
    expect(invoiceState(10_000, '2026-02-22', { totalPaymentValue: '99.99' }, '2026-03-23')).toBe('vencida');
    expect(invoiceState(0, '2026-03-22', null, '2026-03-23')).toBe('paga');
  });

  it('comes with every corporate invoice: the newest by the clock, the older ones by what the next one recorded', async () => {
    const built = await h.db
      .select()
      .from(invoices)
      .where(eq(invoices.companyId, main.id))
      .orderBy(asc(invoices.dueDate));
    expect(built.length).toBeGreaterThan(1);
    for (const [i, row] of built.entries()) {
      const res = await invoice(main.cnpj, row.dueDate);
      expect(res.statusCode, res.body).toBe(200);
      const { state } = corporateInvoice.parse(res.json());
      const next = built[i + 1];
      if (next) {
        const paid = Number(next.totalPaymentValue ?? 0) >= Number(row.totalInvoiceValue ?? 0);
        expect(state).toBe(paid ? 'paga' : 'vencida');
      } else {
        // The harness's clock reads 2026-03-02; the built invoices are drawn back from the real today.
        expect(state).toBe(row.dueDate >= '2026-03-02' ? 'aberta' : 'vencida');
      }
    }
  });
});
