// Impact preview (issue 18.3) through the API: the figures agree to the centavo with what the limit screen, the
// company's relationship limit and the card's history answer for the same card; another company's card and a bad
// action are refused with nothing of the card in the answer.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApprovedAuthorization } from '../../contracts/authorization-status.ts';
import { type CardImpact, cardImpactResponse, SECOND_COPY_DELIVERY_DAYS } from '../../contracts/impact.ts';
import { messages } from '../../contracts/messages.ts';
import { centsOf } from '../../contracts/money.ts';
import {
  cardsResponse,
  invoiceDueDatesResponse,
  invoiceTransactionsResponse,
  limitResponse,
  relationshipLimitResponse,
} from '../../contracts/schemas.ts';
import { accounts, authorizations, cards } from '../db/schema.ts';
import { saoPauloDate } from '../services/impact.ts';
import {
  type BuiltCard,
  type BuiltCompany,
  buildCards,
  buildCompany,
  buildHistory,
  buildUser,
} from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

let h: Harness;
let token: string;
let otherToken: string;
let companyA: BuiltCompany;

type Row = BuiltCard;
const taken = new Set<string>();

beforeAll(async () => {
  h = await createHarness();
  // The demo operator's company A: holders with months of history up to the harness's today, so some of their
  // purchases are still open and some invoices still to come.
  companyA = await buildCompany(h, { members: [DEMO.login] });
  await buildCards(h, companyA, 8);
  await buildHistory(h, companyA, { cards: 8, reference: h.clock() });
  // The operator of another company.
  const other = await buildUser(h, { password: DEMO.password });
  await buildCompany(h, { members: [other.login] });
  token = await h.token(DEMO.login, DEMO.password);
  otherToken = await h.token(other.login, DEMO.password);
});
afterAll(() => h.close());

const get = (url: string, headers: Record<string, string>, as = token) =>
  h.app.inject({ method: 'GET', url, headers: { ...bearer(as), ...headers } });

const impactOf = (row: Row, action: string, as = token) =>
  get(`/v1/cards/impact/${row.account.id}?action=${action}`, { last4digits: row.card.last4 }, as);
const preview = async (row: Row, action: 'block' | 'cancel' | 'secondCopy'): Promise<CardImpact> => {
  const res = await impactOf(row, action);
  expect(res.statusCode).toBe(200);
  return cardImpactResponse.parse(res.json());
};

/** An active holder of company A with open authorizations, never handed out twice in this file. */
async function spender(): Promise<Row> {
  const rows = await h.db
    .select({ account: accounts, card: cards })
    .from(accounts)
    .innerJoin(cards, eq(cards.accountId, accounts.id))
    .where(and(eq(accounts.companyId, companyA.id), eq(cards.cardType, 'TITULAR')))
    .orderBy(asc(accounts.accountNumber));
  for (const row of rows) {
    if (taken.has(row.account.id)) continue;
    if (row.account.statusDescription !== 'NORMAL' || row.card.status !== 'Actived') continue;
    const open = (await h.db.select().from(authorizations).where(eq(authorizations.accountId, row.account.id))).filter(
      (a) => a.settledAt === null && isApprovedAuthorization(a),
    );
    if (open.length > 0) {
      taken.add(row.account.id);
      return row;
    }
  }
  throw new Error('no active holder with open authorizations left');
}

const readLimit = async (row: Row) =>
  limitResponse.parse((await get(`/v1/limit/management/${row.account.id}`, { last4digits: row.card.last4 })).json());
const readRelationship = async () =>
  relationshipLimitResponse.parse(
    (await get('/v1/corporate/limit', { cnpj: companyA.cnpj, relationcode: companyA.relationCode })).json(),
  );

/**
 * What the history screen lists for the card on the invoices due from today on: charges (DEN, DEI, DEB) less
 * credits (CRE), of the card's own digits or of every card of the account.
 */
async function historyInvoices(row: Row, scope: 'card' | 'account') {
  const today = saoPauloDate(h.clock());
  const headers = { last4digits: row.card.last4 };
  const dates = invoiceDueDatesResponse
    .parse((await get(`/v2/invoice/duedate/${row.account.id}`, headers)).json())
    .listInvoiceDueDate.map((d) => d.invoiceDueDate)
    .filter((d) => d >= today)
    .sort();
  const perDate = [];
  for (const dueDate of dates) {
    const lines = invoiceTransactionsResponse
      .parse((await get(`/v2/invoice/transactions/${row.account.id}`, { ...headers, duedate: dueDate })).json())
      .transactions.filter((t) => ['DEN', 'DEI', 'DEB', 'CRE'].includes(t.abbreviationGroup))
      .filter((t) => scope === 'account' || t.numCard.endsWith(row.card.last4));
    if (lines.length === 0) continue;
    const cents = lines.reduce(
      (sum, t) => sum + (t.abbreviationGroup === 'CRE' ? -1 : 1) * centsOf(t.valueTransactionNational),
      0,
    );
    perDate.push({ dueDate, count: lines.length, total: cents / 100 });
  }
  return perDate;
}

describe('GET /v1/cards/impact/{uuid}', () => {
  it('block: the pending authorizations are the limit screen’s used amount; the invoices are the history’s; nothing returns', async () => {
    const row = await spender();
    const impact = await preview(row, 'block');
    const limit = await readLimit(row);
    const relationship = await readRelationship();

    const open = (await h.db.select().from(authorizations).where(eq(authorizations.accountId, row.account.id))).filter(
      (a) => a.settledAt === null && isApprovedAuthorization(a),
    );
    expect(impact.pendingAuthorizations).toEqual({ count: open.length, total: limit.availableCreditLimitUsed });
    expect(impact.pendingAuthorizations.total).toBeGreaterThan(0);

    const invoices = await historyInvoices(row, 'card');
    expect(invoices.length).toBeGreaterThan(0);
    expect(impact.openInvoices.scope).toBe('card');
    expect(impact.openInvoices.dueDates).toEqual(invoices);
    expect(centsOf(impact.openInvoices.total)).toBe(invoices.reduce((s, d) => s + centsOf(d.total), 0));
    expect(impact.openInvoices.count).toBe(invoices.reduce((s, d) => s + d.count, 0));

    expect(impact.limit).toEqual({
      creditLimit: limit.creditLimit,
      availableLimit: limit.availableLimit,
      used: limit.availableCreditLimitUsed,
      returnsToRelationship: 0,
      relationshipFreeNow: relationship.freeLimit,
      relationshipFreeAfter: relationship.freeLimit,
    });
    expect(impact.secondCopy).toEqual({ onItsWay: false, last4: null, requestedAt: null, expectedBy: null });
    expect(impact.today).toBe('2026-03-02');
  });

  it('cancel: the card’s whole limit returns, and after the cancel the relationship’s free limit is the figure shown', async () => {
    const row = await spender();
    const impact = await preview(row, 'cancel');
    const before = await readRelationship();
    expect(impact.limit.returnsToRelationship).toBe(Number(row.account.creditLimit));
    expect(impact.limit.relationshipFreeNow).toBe(before.freeLimit);
    expect(centsOf(impact.limit.relationshipFreeAfter)).toBe(
      centsOf(before.freeLimit) + centsOf(row.account.creditLimit),
    );
    expect(impact.openInvoices.scope).toBe('account');
    expect(impact.openInvoices.dueDates).toEqual(await historyInvoices(row, 'account'));

    const cancelled = await h.app.inject({
      method: 'PUT',
      url: `/v1/account/block/${row.account.id}`,
      headers: bearer(token),
      payload: { last4Digits: row.card.last4 },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await readRelationship()).freeLimit).toBe(impact.limit.relationshipFreeAfter);
    // Authorizations already approved still hold until their invoice is paid: the cancel does not move them.
    expect((await preview(row, 'block')).pendingAuthorizations).toEqual(impact.pendingAuthorizations);
    // Once cancelled, nothing is left to return.
    expect((await preview(row, 'cancel')).limit.returnsToRelationship).toBe(0);
  });

  it('another company’s card and unknown digits: the same 404 as every card read, with nothing of the card', async () => {
    const row = await spender();
    const foreign = await impactOf(row, 'cancel', otherToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: messages.cardApi.cardNotFound, code: 'CARD_NOT_FOUND' });
    const limitRead = await get(`/v1/limit/management/${row.account.id}`, { last4digits: row.card.last4 }, otherToken);
    expect({ status: limitRead.statusCode, body: limitRead.json() }).toEqual({
      status: foreign.statusCode,
      body: foreign.json(),
    });
    const wrongDigits = await get(`/v1/cards/impact/${row.account.id}?action=block`, {
      last4digits: row.card.last4 === '0000' ? '0001' : '0000',
    });
    expect(wrongDigits.statusCode).toBe(404);
  });

  it('an action that is not block, cancel or secondCopy, or none: 400 with the reason in Portuguese', async () => {
    const row = await spender();
    for (const url of [`/v1/cards/impact/${row.account.id}?action=unblock`, `/v1/cards/impact/${row.account.id}`]) {
      const res = await get(url, { last4digits: row.card.last4 });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_INPUT');
      expect(res.json().message).toContain(messages.impact.invalidAction);
    }
    const badDigits = await get(`/v1/cards/impact/${row.account.id}?action=block`, { last4digits: '12a4' });
    expect(badDigits.statusCode).toBe(400);
  });

  it('2ª via: on its way from the request for the delivery window, with the new digits; then no longer', async () => {
    const row = await spender();
    expect((await preview(row, 'secondCopy')).secondCopy.onItsWay).toBe(false);
    const requested = await h.app.inject({
      method: 'POST',
      url: `/v1/cards/issue/2way/${row.account.id}`,
      headers: bearer(token),
      payload: {
        last4digits: row.card.last4,
        reasonReissueCard: 'P',
        embossName: row.card.embossName,
        deficiencyVisualdescription: '',
        line4Emboss: '',
      },
    });
    expect(requested.statusCode).toBe(200);
    const shown = cardsResponse
      .parse((await get(`/v1/cards/account/${row.account.id}`, {})).json())
      .cardsResult.find((c) => c.last4digits === row.card.last4);
    const requestedAt = h.clock();
    const impact = await preview(row, 'secondCopy');
    expect(impact.secondCopy).toEqual({
      onItsWay: true,
      last4: shown?.last4Digits2Way,
      requestedAt: requestedAt.toISOString(),
      expectedBy: saoPauloDate(new Date(requestedAt.getTime() + SECOND_COPY_DELIVERY_DAYS * 86_400_000)),
    });
    expect(impact.secondCopy.expectedBy).toBe('2026-03-17');
    // The block preview says the same: the 2ª via on its way is blocked with the card.
    expect((await preview(row, 'block')).secondCopy.onItsWay).toBe(true);

    h.clock.advance(SECOND_COPY_DELIVERY_DAYS * 86_400_000 + 1000);
    token = await h.token(DEMO.login, DEMO.password);
    const later = await preview(row, 'secondCopy');
    expect(later.secondCopy).toMatchObject({ onItsWay: false, last4: shown?.last4Digits2Way });
  });
});
