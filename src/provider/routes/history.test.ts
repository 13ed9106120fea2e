import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationStatus } from '../../contracts/authorization-status.ts';
import { messages } from '../../contracts/messages.ts';
import {
  authorizationHistoryResponse,
  invoiceDueDatesResponse,
  invoiceTransactionsResponse,
} from '../../contracts/schemas.ts';
import { accounts, cards } from '../db/schema.ts';
import { historyDueDates } from '../db/seed/history.ts';
import { type BuiltCompany, buildCards, buildCompany, buildHistory, buildUser } from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

let h: Harness;
let demoToken: string;
let otherToken: string;
type Company = BuiltCompany;
/** The demo operator's companies: A's first 16 holders have history, its last 2 none; B's first of 2 has. */
let companyA: Company;
let companyB: Company;
/** The moment the histories are drawn back from, as the seed draws the demo's from its start. */
const REFERENCE = new Date();
const WITH_HISTORY = 16;

type Row = { account: typeof accounts.$inferSelect; card: typeof cards.$inferSelect };

beforeAll(async () => {
  h = await createHarness();
  companyA = await buildCompany(h, { members: [DEMO.login] });
  await buildCards(h, companyA, WITH_HISTORY + 2);
  await buildHistory(h, companyA, { cards: WITH_HISTORY, reference: REFERENCE });
  companyB = await buildCompany(h, { members: [DEMO.login] });
  await buildCards(h, companyB, 2);
  await buildHistory(h, companyB, { cards: 1, reference: REFERENCE, seed: 1202 });
  // The operator of another company.
  const other = await buildUser(h, { password: DEMO.password });
  await buildCompany(h, { members: [other.login] });
  demoToken = await h.token(DEMO.login, DEMO.password);
  otherToken = await h.token(other.login, DEMO.password);
});
afterAll(() => h.close());

const holdersOf = (company: Company): Promise<Row[]> =>
  h.db
    .select({ account: accounts, card: cards })
    .from(accounts)
    .innerJoin(cards, eq(cards.accountId, accounts.id))
    .where(and(eq(accounts.companyId, company.id), eq(cards.cardType, 'TITULAR')))
    .orderBy(asc(accounts.accountNumber));

const get = (url: string, headers: Record<string, string>, token = demoToken) =>
  h.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

const history = (row: Row, token = demoToken) =>
  get(`/v2/authorization/history/consult/${row.account.id}`, { last4digits: row.card.last4 }, token);
const dueDates = (row: Row, token = demoToken) =>
  get(`/v2/invoice/duedate/${row.account.id}`, { last4digits: row.card.last4 }, token);
const invoiceTransactions = (row: Row, dueDate: string, token = demoToken) =>
  get(`/v2/invoice/transactions/${row.account.id}`, { last4digits: row.card.last4, duedate: dueDate }, token);

describe('GET /v2/authorization/history/consult/{uuid}', () => {
  it('carries the offline rule’s facts: a seeded unverified offline approval survives the filter as APROVADA', async () => {
    const [first] = await holdersOf(companyA);
    const { authorizations: list } = authorizationHistoryResponse.parse((await history(first as Row)).json());
    const kept = list.filter(
      (a) => ['NORMAL', 'NEGADA', 'ONLINE', 'CANCELADA', 'APROVADA'].includes(a.descDrop) && a.transactionType !== '',
    );
    const offline = kept.filter((a) => a.descDrop === 'APROVADA');
    const unverified = offline.filter((a) => a.capturedOffline && !a.passwordValidated);
    const verified = offline.filter((a) => a.passwordValidated);
    expect(unverified.length).toBeGreaterThan(0);
    expect(verified.length).toBeGreaterThan(0);
    for (const a of unverified) expect(authorizationStatus(a)).toBe('APROVADA');
    for (const a of verified) expect(authorizationStatus(a)).toBe(a.descResponseTransaction);
  });

  it('answers every authorization of the card, newest first, in the spec’s fields', async () => {
    const [first] = await holdersOf(companyA);
    const res = await history(first as Row);
    expect(res.statusCode).toBe(200);
    const { authorizations: list } = authorizationHistoryResponse.parse(res.json());
    expect(list.length).toBeGreaterThanOrEqual(30);
    const times = list.map((a) => Date.parse(a.tmsInclH));
    expect(times.every((t, i) => i === 0 || t <= (times[i - 1] as number))).toBe(true);
    for (const a of list) {
      expect(a.tmsInclH).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(a.numAuthorization).toMatch(/^\d{6}$/);
      expect([986, 840, 978]).toContain(a.coinCode);
      expect(a.mainValue).toBeGreaterThan(0);
      expect(a.qtdParcel).toBeGreaterThanOrEqual(1);
    }
    // The first account alone shows every descDrop and an empty transactionType in a kept one.
    const drops = new Set(list.map((a) => a.descDrop));
    for (const d of ['NORMAL', 'NEGADA', 'ONLINE', 'CANCELADA', 'APROVADA', 'OFFLINE', 'PENDENTE'])
      expect(drops).toContain(d);
    const kept = ['NORMAL', 'NEGADA', 'ONLINE', 'CANCELADA', 'APROVADA'];
    expect(list.some((a) => a.transactionType === '' && kept.includes(a.descDrop))).toBe(true);
    // Several months of it.
    const months = new Set(list.map((a) => a.tmsInclH.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(6);
  });

  it('whatever the day of the seed, the first card shows a purchase declined above the limit it has left today', async () => {
    const [first] = (await holdersOf(companyA)) as [Row];
    const { authorizations: list } = authorizationHistoryResponse.parse((await history(first)).json());
    const limit = await get(`/v1/limit/management/${first.account.id}`, { last4digits: first.card.last4 });
    expect(limit.statusCode).toBe(200);
    const available = Math.round(Number(limit.json().availableLimit) * 100);
    const above = list.filter(
      (a) =>
        a.descDrop === 'NEGADA' &&
        a.descResponseTransaction === 'SALDO INSUFICIENTE' &&
        a.coinCode === 986 &&
        Math.round(a.mainValue * 100) > available,
    );
    expect(above.length).toBeGreaterThan(0);
  });

  it('answers each card’s own history, and an empty list for a card without one, in either company', async () => {
    const a = await holdersOf(companyA);
    const b = await holdersOf(companyB);
    const count = async (row: Row) =>
      authorizationHistoryResponse.parse((await history(row)).json()).authorizations.length;
    expect(await count(a[WITH_HISTORY - 1] as Row)).toBeGreaterThan(0);
    expect(await count(b[0] as Row)).toBeGreaterThan(0);
    const empty = await history(a[WITH_HISTORY] as Row);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ authorizations: [] });
    expect(await count(b[1] as Row)).toBe(0);
  });

  it('refuses another company’s card and wrong digits with 404; bad headers with 400', async () => {
    const [first] = (await holdersOf(companyA)) as [Row];
    const foreign = await history(first, otherToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: messages.cardApi.cardNotFound, code: 'CARD_NOT_FOUND' });
    const missing = await get(`/v2/authorization/history/consult/${first.account.id}`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/last4digits/);
  });
});

describe('GET /v2/invoice/duedate/{uuid}', () => {
  it('answers the company’s day-22 due dates newest first: the last 8 months and the current one at least', async () => {
    const [first] = (await holdersOf(companyA)) as [Row];
    const res = await dueDates(first);
    expect(res.statusCode).toBe(200);
    const list = invoiceDueDatesResponse.parse(res.json()).listInvoiceDueDate.map((d) => d.invoiceDueDate);
    for (const d of list) expect(d).toMatch(/^\d{4}-\d{2}-22$/);
    expect([...list].sort().reverse()).toEqual(list);
    for (const d of historyDueDates(REFERENCE)) expect(list).toContain(d);
  });

  it('refuses another company’s card with 404', async () => {
    const [first] = (await holdersOf(companyA)) as [Row];
    const res = await dueDates(first, otherToken);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('CARD_NOT_FOUND');
  });
});

describe('GET /v2/invoice/transactions/{uuid}', () => {
  it('answers an invoice’s transactions with masked card digits and YYYYMMDD dates', async () => {
    const [first] = (await holdersOf(companyA)) as [Row];
    const dates = historyDueDates(REFERENCE);
    const due = dates[dates.length - 2] as string;
    const res = await invoiceTransactions(first, due);
    expect(res.statusCode).toBe(200);
    const list = invoiceTransactionsResponse.parse(res.json()).transactions;
    expect(list.length).toBeGreaterThan(0);
    for (const t of list) {
      expect(t.date).toMatch(/^\d{8}$/);
      expect(t.date <= due.replaceAll('-', '')).toBe(true);
      expect(t.numCard).toBe(`**** **** **** ${first.card.last4}`);
      expect(typeof t.valueTransactionNational).toBe('number');
      expect(typeof t.numParcelOf).toBe('string');
    }
    expect(list.some((t) => t.abbreviationGroup === 'PGT')).toBe(true);
  });

  it('covers every group the screen keeps and some it leaves out, over the history accounts', async () => {
    const rows = (await holdersOf(companyA)).slice(0, WITH_HISTORY);
    const groups = new Set<string>();
    for (const due of historyDueDates(REFERENCE).slice(0, 4)) {
      for (const row of rows.slice(0, 15)) {
        const list = invoiceTransactionsResponse.parse((await invoiceTransactions(row, due)).json()).transactions;
        for (const t of list) groups.add(t.abbreviationGroup);
      }
    }
    for (const g of ['CRE', 'DEN', 'PGT', 'DEI', 'DEB', 'TAR', 'IOF']) expect(groups).toContain(g);
  });

  it('answers an empty list for a due date without transactions and for a holder without history', async () => {
    const rows = await holdersOf(companyA);
    const none = await invoiceTransactions(rows[0] as Row, '2001-01-22');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ transactions: [] });
    const [due] = historyDueDates(REFERENCE);
    expect((await invoiceTransactions(rows[WITH_HISTORY] as Row, due as string)).json()).toEqual({ transactions: [] });
  });

  it('answers 400 for a malformed or missing due date, 404 for another company’s card', async () => {
    const [first] = (await holdersOf(companyA)) as [Row];
    for (const duedate of ['22/10/2026', '2026-13-22', '0000-11-01', '']) {
      const res = await invoiceTransactions(first, duedate);
      expect(res.statusCode, duedate).toBe(400);
    }
    const missing = await get(`/v2/invoice/transactions/${first.account.id}`, { last4digits: first.card.last4 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/duedate/);
    const [due] = historyDueDates(REFERENCE);
    const foreign = await invoiceTransactions(first, due as string, otherToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('CARD_NOT_FOUND');
  });
});
