import { parse } from 'csv-parse/sync';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { RADAR_CATEGORIES } from '../../contracts/radar.ts';
import { accounts, auditLog, cards, invoices } from '../db/schema.ts';
import { centsOfText } from '../exports/csv.ts';
import {
  type BuiltCompany,
  buildCard,
  buildCards,
  buildCompany,
  buildHistory,
  buildInvoices,
  buildUser,
  everyState,
} from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';
import { DOWNLOAD_CHANNEL_HEADER } from './exports.ts';

let h: Harness;
let token: string;
type CompanyRow = BuiltCompany;
/** The demo operator's company, its holders with history and invoices; and another operator's company. */
let main: CompanyRow;
let foreign: CompanyRow;
/** More than a page of the account list (50), in every state; the first twelve with months of history. */
const HOLDERS = 60;
const WITH_HISTORY = 12;
/** The moment the history and the invoices are drawn back from, as the seed draws the demo's from its start. */
const REFERENCE = new Date();

beforeAll(async () => {
  h = await createHarness();
  main = await buildCompany(h, { members: [DEMO.login] });
  // Holders in every state the list shows (blocked by each reason, account codes, cancelled, for good), then live ones.
  await buildCards(h, main, HOLDERS, everyState);
  await buildHistory(h, main, { cards: WITH_HISTORY, reference: REFERENCE });
  await buildInvoices(h, main, REFERENCE);
  const other = await buildUser(h, { password: DEMO.password });
  foreign = await buildCompany(h, { members: [other.login] });
  await buildCard(h, foreign);
  await buildInvoices(h, foreign, REFERENCE);
  token = await h.token(DEMO.login, DEMO.password);
});
afterAll(() => h.close());

const ticketFor = (kind: string, filters: Record<string, unknown>, auth = token) =>
  h.app.inject({ method: 'POST', url: '/v1/exports/ticket', headers: bearer(auth), payload: { kind, filters } });

const download = (ticket: string, auth = token, channel = true) =>
  h.app.inject({
    method: 'GET',
    url: '/v1/exports/download',
    headers: { ...bearer(auth), exportticket: ticket, ...(channel ? { [DOWNLOAD_CHANNEL_HEADER]: '1' } : {}) },
  });

/** Ticket, then download; the CSV's records (BOM checked and removed). */
async function exportCsv(kind: string, filters: Record<string, unknown>) {
  const t = await ticketFor(kind, filters);
  expect(t.statusCode, t.body).toBe(200);
  const { ticket, rows, fileName } = t.json() as { ticket: string; rows: number; fileName: string };
  const res = await download(ticket);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
  expect(res.body.startsWith('\ufeff')).toBe(true);
  const records = parse(res.body.slice(1), { delimiter: ';', record_delimiter: '\r\n' }) as string[][];
  return { records, rows, body: res.body, ticket };
}

const reaisText = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(abs % 100).padStart(2, '0')}`;
};

describe('holders export', () => {
  it('streams every account in the list order, with the header, `;` and CRLF, and the row count it announced', async () => {
    const { records, rows, body } = await exportCsv('holders', { cnpj: main.cnpj, relationCode: main.relationCode });
    const c = messages.exports.columns;
    expect(records[0]).toEqual([c.account, c.holder, c.cpf, c.last4, c.status]);
    expect(records.length - 1).toBe(rows);
    expect(rows).toBe(HOLDERS);
    expect(body.split('\r\n').length - 1).toBe(rows + 1);
    const first = await h.app.inject({
      method: 'GET',
      url: '/v1/corporate/accounts',
      headers: { ...bearer(token), cnpj: main.cnpj, relationcode: main.relationCode },
    });
    const page = first.json().subAccounts as { account: string; cardHolder: string; documentNumber: string }[];
    expect(records.slice(1, 1 + page.length).map((r) => r[0])).toEqual(page.map((p) => p.account));
    expect(records[1]?.[1]).toBe(page[0]?.cardHolder);
    expect(records[1]?.[2]).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    const numbers = records.slice(1).map((r) => BigInt(r[0] ?? '0'));
    expect(numbers).toEqual([...numbers].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('sorts Z-A by holder over all pages, and keeps to the CPF search when one is on', async () => {
    const { records } = await exportCsv('holders', { cnpj: main.cnpj, relationCode: main.relationCode, order: 'desc' });
    expect(records.length - 1).toBe(HOLDERS);
    // The database's own Z-A order, over every page (ties by account number).
    const expected = await h.db
      .select({ n: accounts.accountNumber, doc: accounts.documentNumber, name: accounts.holderName })
      .from(accounts)
      .where(eq(accounts.companyId, main.id))
      .orderBy(desc(accounts.holderName), desc(accounts.accountNumber));
    expect(records.slice(1).map((r) => r[0])).toEqual(expected.map((e) => e.n.toString()));
    const anyAccount = expected[0];
    const searched = await exportCsv('holders', {
      cnpj: main.cnpj,
      relationCode: main.relationCode,
      cpf: anyAccount?.doc,
    });
    expect(searched.records.length - 1).toBe(searched.rows);
    expect(searched.rows).toBeGreaterThan(0);
    for (const r of searched.records.slice(1)) expect(r[1]).toBe(anyAccount?.name);
  });

  it('refuses another company before streaming anything, and writes no audit row for it', async () => {
    const before = await h.db.select().from(auditLog).where(eq(auditLog.action, 'export.csv'));
    const t = await ticketFor('holders', { cnpj: foreign.cnpj, relationCode: foreign.relationCode });
    expect(t.statusCode).toBe(404);
    expect(t.json()).toMatchObject({ code: 'COMPANY_NOT_FOUND', message: messages.company.notFound });
    const after = await h.db.select().from(auditLog).where(eq(auditLog.action, 'export.csv'));
    expect(after.length).toBe(before.length);
  });

  it('refuses filters the contract does not accept, naming the field', async () => {
    const res = await ticketFor('holders', { cnpj: main.cnpj, relationCode: main.relationCode, order: 'sideways' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('filters.order');
    const unknown = await ticketFor('everything', {});
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain(messages.exports.kindUnknown);
    // A name Object.prototype carries (the only one the kind's pattern lets through) is an unknown kind too, not a
    // 500: found by the fuzz suite.
    const inherited = await ticketFor('constructor', {});
    expect(inherited.statusCode).toBe(400);
    expect(inherited.json().message).toContain(messages.exports.kindUnknown);
  });
});

describe('the ticket', () => {
  it('is spent by its first download', async () => {
    const { ticket } = await exportCsv('holders', { cnpj: main.cnpj, relationCode: main.relationCode });
    const again = await download(ticket);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'EXPORT_TICKET_USED', message: messages.exports.ticketUsed });
  });

  it('expires after a minute', async () => {
    const t = (await ticketFor('holders', { cnpj: main.cnpj, relationCode: main.relationCode })).json();
    h.clock.advance(61_000);
    const res = await download(t.ticket);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ code: 'EXPORT_TICKET_INVALID', message: messages.exports.ticketInvalid });
  });

  it("is refused to another operator's session, and when altered", async () => {
    const t = (await ticketFor('holders', { cnpj: main.cnpj, relationCode: main.relationCode })).json();
    const other = await h.createUser({});
    const otherToken = await h.token(other.login, other.password);
    expect((await download(t.ticket, otherToken)).json().code).toBe('EXPORT_TICKET_INVALID');
    const parts = (t.ticket as string).split('.');
    // The tag's first character: all six of its bits are the tag's (the last one's low bits are padding, and
    // writing 'AA' over the end left the tag as it was one time in 256).
    const tag = parts[3] as string;
    parts[3] = `${tag.startsWith('A') ? 'B' : 'A'}${tag.slice(1)}`;
    expect((await download(parts.join('.'))).json().code).toBe('EXPORT_TICKET_INVALID');
    // Neither attempt spent it.
    expect((await download(t.ticket)).statusCode).toBe(200);
  });

  it('carries no filter in the clear, and is refused when asked for through the proxy rather than the download route', async () => {
    const doc = '52998224725';
    const t = (await ticketFor('holders', { cnpj: main.cnpj, relationCode: main.relationCode, cpf: doc })).json();
    expect(t.ticket).not.toContain(doc);
    expect(Buffer.from(t.ticket.split('.')[0], 'base64url').toString()).toBe('{"alg":"dir","enc":"A256GCM"}');
    const res = await download(t.ticket, token, false);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('EXPORT_DOWNLOAD_ONLY');
  });

  it('writes one audit row per download: who, company, which export, the filters and the row count', async () => {
    const { rows } = await exportCsv('holders', { cnpj: main.cnpj, relationCode: main.relationCode, order: 'asc' });
    const [row] = await h.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'export.csv'))
      .orderBy(desc(auditLog.id));
    expect(row).toMatchObject({
      actorLogin: DEMO.login,
      target: 'holders',
      companyId: main.id,
      after: { kind: 'holders', filters: { cnpj: main.cnpj, relationCode: main.relationCode, order: 'asc' }, rows },
    });
    expect(row?.actorUserId).toBeTruthy();
  });
});

/** A holder card of the main company (uuid and last four digits). */
async function someCard() {
  const [card] = await h.db
    .select({ uuid: accounts.id, last4: cards.last4 })
    .from(accounts)
    .innerJoin(cards, and(eq(cards.accountId, accounts.id), eq(cards.cardType, 'TITULAR')))
    .where(eq(accounts.companyId, main.id))
    .orderBy(asc(accounts.accountNumber))
    .limit(1);
  return card!;
}

describe("a card's history exports", () => {
  it('lists the authorizations the history screen keeps, newest first, with the status the screen shows', async () => {
    const card = await someCard();
    const { records, rows } = await exportCsv('authorizations', card);
    const api = await h.app.inject({
      method: 'GET',
      url: `/v2/authorization/history/consult/${card.uuid}`,
      headers: { ...bearer(token), last4digits: card.last4 },
    });
    const kept = (api.json().authorizations as { descDrop: string; transactionType: string; mainValue: number }[])
      .filter((a) => ['NORMAL', 'NEGADA', 'ONLINE', 'CANCELADA', 'APROVADA'].includes(a.descDrop))
      .filter((a) => a.transactionType.trim() !== '');
    expect(rows).toBe(kept.length);
    expect(records.length - 1).toBe(kept.length);
    expect(records[1]?.[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(records[1]?.[4]).toBe(reaisText(Math.round((kept[0]?.mainValue ?? 0) * 100)));
  });

  it('lists the transactions of the due dates asked for, in DD/MM/YYYY and 1.234,56', async () => {
    const card = await someCard();
    const [inv] = await h.db
      .select({ dueDate: invoices.dueDate })
      .from(invoices)
      .where(eq(invoices.companyId, main.id))
      .orderBy(desc(invoices.dueDate))
      .limit(1);
    const dueDate = inv!.dueDate;
    const { records, rows } = await exportCsv('transactions', { ...card, dueDates: [dueDate] });
    const api = await h.app.inject({
      method: 'GET',
      url: `/v2/invoice/transactions/${card.uuid}`,
      headers: { ...bearer(token), last4digits: card.last4, duedate: dueDate },
    });
    const kept = (api.json().transactions as { abbreviationGroup: string; valueTransactionNational: number }[]).filter(
      (t) => ['CRE', 'DEN', 'PGT', 'DEI', 'DEB'].includes(t.abbreviationGroup),
    );
    expect(rows).toBe(kept.length);
    expect(records.length - 1).toBe(kept.length);
    const due = `${dueDate.slice(8, 10)}/${dueDate.slice(5, 7)}/${dueDate.slice(0, 4)}`;
    for (const r of records.slice(1)) expect(r[7]).toBe(due);
    const national = records.slice(1).map((r) => centsOfText((r[5] ?? '').replaceAll('.', '').replace(',', '.')));
    expect(national.reduce((a, b) => a + b, 0)).toBe(
      kept.reduce((a, t) => a + Math.round(t.valueTransactionNational * 100), 0),
    );
  });

  it('refuses a card of another company (CARD_NOT_FOUND), with nothing streamed', async () => {
    const [theirs] = await h.db
      .select({ uuid: accounts.id, last4: cards.last4 })
      .from(accounts)
      .innerJoin(cards, eq(cards.accountId, accounts.id))
      .where(eq(accounts.companyId, foreign.id))
      .limit(1);
    const res = await ticketFor('authorizations', theirs!);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('CARD_NOT_FOUND');
  });
});

describe('invoice by holder', () => {
  it("adds up to the corporate invoice's total to the centavo, one line per holder", async () => {
    const closed = await h.db
      .select({ dueDate: invoices.dueDate })
      .from(invoices)
      .where(eq(invoices.companyId, main.id))
      .orderBy(desc(invoices.dueDate));
    expect(closed.length).toBeGreaterThan(1);
    for (const { dueDate } of closed) {
      const inv = await h.app.inject({
        method: 'GET',
        url: '/v2/invoice/corporate',
        headers: { ...bearer(token), cnpj: main.cnpj, duedate: dueDate },
      });
      const totalCents = Math.round((inv.json().totalInvoiceValue ?? 0) * 100);
      const { records, rows } = await exportCsv('invoice-holders', { cnpj: main.cnpj, dueDate });
      expect(records.length - 1).toBe(rows);
      const body = records.slice(1);
      const last = body[body.length - 1]!;
      expect(last[1]).toBe(messages.exports.invoiceLines.total);
      const money = (r: string[]) => centsOfText((r[5] ?? '').replaceAll('.', '').replace(',', '.'));
      expect(money(last)).toBe(totalCents);
      expect(body.slice(0, -1).reduce((sum, r) => sum + money(r), 0)).toBe(totalCents);
      const holders = body.slice(0, -3);
      expect(holders.length).toBeGreaterThan(0);
      expect(new Set(holders.map((r) => r[0])).size).toBe(holders.length);
    }
  });

  it("gives a holder's line the net of their card's transactions on the invoice", async () => {
    const card = await someCard();
    const [inv] = await h.db
      .select({ dueDate: invoices.dueDate })
      .from(invoices)
      .where(eq(invoices.companyId, main.id))
      .orderBy(desc(invoices.dueDate))
      .limit(1);
    const dueDate = inv!.dueDate;
    const api = await h.app.inject({
      method: 'GET',
      url: `/v2/invoice/transactions/${card.uuid}`,
      headers: { ...bearer(token), last4digits: card.last4, duedate: dueDate },
    });
    const expected = (api.json().transactions as { abbreviationGroup: string; valueTransactionNational: number }[])
      .filter((t) => ['DEN', 'DEI', 'DEB', 'IOF', 'TAR', 'CRE'].includes(t.abbreviationGroup))
      .reduce((s, t) => s + (t.abbreviationGroup === 'CRE' ? -1 : 1) * Math.round(t.valueTransactionNational * 100), 0);
    const [acct] = await h.db.select().from(accounts).where(eq(accounts.id, card.uuid));
    const { records } = await exportCsv('invoice-holders', { cnpj: main.cnpj, dueDate });
    const line = records.find((r) => r[0] === acct!.accountNumber.toString());
    expect(line?.[5]).toBe(reaisText(expected));
  });

  it('refuses a due date without an invoice, and a company the operator does not reach', async () => {
    const none = await ticketFor('invoice-holders', { cnpj: main.cnpj, dueDate: '2001-01-22' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'INVOICE_NOT_FOUND', message: messages.invoices.unavailable });
    const theirs = await ticketFor('invoice-holders', { cnpj: foreign.cnpj, dueDate: '2026-02-22' });
    expect(theirs.json().code).toBe('COMPANY_NOT_FOUND');
  });
});

describe("another feature's kind", () => {
  it('streams a lifecycle radar list through the same ticket and download', async () => {
    const category = RADAR_CATEGORIES[0];
    const { records, rows } = await exportCsv('radar', {
      cnpj: main.cnpj,
      relationCode: main.relationCode,
      category,
    });
    expect(records[0]).toEqual([...messages.radar.export.header]);
    expect(records.length - 1).toBe(rows);
  });
});

describe('the ticket, on the wire', () => {
  it('is short enough for any URL (under 1 KB with a CPF search)', async () => {
    const t = (
      await ticketFor('holders', {
        cnpj: main.cnpj,
        relationCode: main.relationCode,
        cpf: '52998224725',
        order: 'desc',
      })
    ).json();
    expect(t.ticket.length).toBeLessThan(1024);
  });
});
