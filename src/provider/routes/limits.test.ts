// The limit screen's calls, the summary panel's figures and the company's relationship limit, through the API:
// what a card has spent comes from its authorizations, and no limit change moves it.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApprovedAuthorization } from '../../contracts/authorization-status.ts';
import { messages } from '../../contracts/messages.ts';
import { centsOf, formatCents } from '../../contracts/money.ts';
import { accountData, type LimitResponse, limitResponse, relationshipLimitResponse } from '../../contracts/schemas.ts';
import { accounts, authorizations, cardEvents, cards } from '../db/schema.ts';
import {
  type BuiltCard,
  type BuiltCompany,
  buildCard,
  buildCards,
  buildCompany,
  buildHistory,
  holderIn,
  setRelationshipLimit,
} from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

let h: Harness;
let token: string;
let companyA: BuiltCompany;
/** Company A's holders: live ones, a permanently blocked one and a cancelled one, each with months of history. */
let built: BuiltCard[];
/** What the relationship has free above its live cards' limits. */
const FREE = '50000.00';

beforeAll(async () => {
  h = await createHarness();
  token = await h.token(DEMO.login, DEMO.password);
  companyA = await buildCompany(h, { members: [DEMO.login] });
  built = [
    ...(await buildCards(h, companyA, 8)),
    await buildCard(h, companyA, holderIn.permanentlyBlocked()),
    await buildCard(h, companyA, holderIn.cancelled()),
  ];
  await buildHistory(h, companyA, { cards: built.length, reference: h.clock() });
  const live = built.filter((r) => r.account.statusDescription !== 'CANCELADA');
  const committed = live.reduce((sum, r) => sum + centsOf(r.account.creditLimit), 0);
  await setRelationshipLimit(h, companyA, ((committed + centsOf(FREE)) / 100).toFixed(2));
});
afterAll(() => h.close());

type Row = BuiltCard;
const taken = new Set<string>();

/** Company A's holders as they are now, in account order. */
const holders = (): Promise<Row[]> =>
  h.db
    .select({ account: accounts, card: cards })
    .from(accounts)
    .innerJoin(cards, eq(cards.accountId, accounts.id))
    .where(and(eq(accounts.companyId, companyA.id), eq(cards.cardType, 'TITULAR')))
    .orderBy(asc(accounts.accountNumber));

/** Used, in centavos, computed here from the authorization rows and the shared approval rule. */
async function spentCents(accountId: string): Promise<number> {
  const rows = await h.db.select().from(authorizations).where(eq(authorizations.accountId, accountId));
  return rows
    .filter((r) => r.settledAt === null && isApprovedAuthorization(r))
    .reduce((sum, r) => sum + centsOf(r.valueBrl), 0);
}

/** An active holder with open spend, never handed out twice in this file. */
async function spender(kind: 'active' | 'permanent' | 'cancelled' = 'active'): Promise<Row> {
  for (const row of await holders()) {
    if (taken.has(row.account.id)) continue;
    const fits =
      kind === 'active'
        ? row.account.statusDescription === 'NORMAL' && row.card.status === 'Actived' && row.card.activeFlag === 'S'
        : kind === 'permanent'
          ? row.card.activeFlag === 'N' && row.account.statusDescription === 'NORMAL'
          : row.account.statusDescription === 'CANCELADA';
    if (fits && (await spentCents(row.account.id)) > 0) {
      taken.add(row.account.id);
      return row;
    }
  }
  throw new Error(`no ${kind} holder with spend left`);
}

const readLimit = async (row: Row) =>
  limitResponse.parse(
    (
      await h.app.inject({
        method: 'GET',
        url: `/v1/limit/management/${row.account.id}`,
        headers: { ...bearer(token), last4digits: row.card.last4 },
      })
    ).json(),
  );
const readHolder = async (row: Row) =>
  accountData.parse(
    (await h.app.inject({ method: 'GET', url: `/v1/accounts/data/${row.account.id}`, headers: bearer(token) })).json(),
  );
const readRelationship = async () =>
  relationshipLimitResponse.parse(
    (
      await h.app.inject({
        method: 'GET',
        url: '/v1/corporate/limit',
        headers: { ...bearer(token), cnpj: companyA.cnpj, relationcode: companyA.relationCode },
      })
    ).json(),
  );
const change = (row: Row, availableLimit: unknown) =>
  h.app.inject({
    method: 'PUT',
    url: `/v1/limit/management/${row.account.id}`,
    headers: bearer(token),
    payload: { availableLimit, changeLimit: 'S', last4digits: row.card.last4 } as object,
  });
const eventsOf = (row: Row) =>
  h.db.select().from(cardEvents).where(eq(cardEvents.cardId, row.card.id)).orderBy(asc(cardEvents.id));

/** The limit screen and the summary panel show the same three figures. */
async function everywhere(row: Row): Promise<LimitResponse> {
  const limit = await readLimit(row);
  const holder = await readHolder(row);
  expect({ credit: holder.creditLimitNac, available: holder.creditLimitNacAvailable }).toEqual({
    credit: limit.creditLimit,
    available: limit.availableLimit,
  });
  return limit;
}

const reais = (cents: number) => cents / 100;

describe('reading the limit', () => {
  it('used is the sum of the open approved authorizations; available = limit − used on both screens', async () => {
    const row = await spender();
    const used = await spentCents(row.account.id);
    const limit = await everywhere(row);
    expect(limit).toEqual({
      creditLimit: Number(row.account.creditLimit),
      availableCreditLimitUsed: reais(used),
      availableLimit: reais(centsOf(row.account.creditLimit) - used),
    });
  });

  it('a history’s open spend fits in the limit, and the company’s free limit is what it was given', async () => {
    for (const row of await holders()) {
      expect(await spentCents(row.account.id), row.account.id).toBeLessThanOrEqual(centsOf(row.account.creditLimit));
    }
    expect((await readRelationship()).freeLimit).toBe(Number(FREE));
  });
});

describe('changing the limit (PUT /v1/limit/management/{uuid})', () => {
  it('the typed value is the new available limit: credit limit = available + used, what was used stays', async () => {
    const row = await spender();
    const before = await everywhere(row);
    const used = centsOf(before.availableCreditLimitUsed);
    // Spec section 2, the limit screen "reads and changes the available limit": with R$ … used, typing R$ 100,00
    // leaves R$ 100,00 available (the credit limit becomes 100,00 + used), on every screen and after a reload.
    const res = await change(row, 100);
    expect(res.statusCode).toBe(200);
    const expected = { creditLimit: reais(used + 100_00), availableCreditLimitUsed: reais(used), availableLimit: 100 };
    expect(limitResponse.parse(res.json())).toEqual(expected);
    expect(await everywhere(row)).toEqual(expected);
    const [event] = (await eventsOf(row)).filter((e) => e.action === 'LIMIT_CHANGE');
    expect(event).toMatchObject({ before, after: expected });
  });

  it('an available limit smaller than what is used is taken: nothing used moves, none is refused for it', async () => {
    const row = await spender();
    const before = await everywhere(row);
    const used = centsOf(before.availableCreditLimitUsed);
    expect(used).toBeGreaterThan(1);
    const res = await change(row, 0.01);
    expect(res.statusCode).toBe(200);
    expect(await everywhere(row)).toEqual({
      creditLimit: reais(used + 1),
      availableCreditLimitUsed: reais(used),
      availableLimit: 0.01,
    });
    expect((await change(row, before.availableLimit)).statusCode).toBe(200);
    expect(await everywhere(row)).toEqual(before);
  });

  it('the relationship ceiling applies to the resulting credit limit; the company figures follow', async () => {
    const row = await spender();
    const before = await everywhere(row);
    const used = centsOf(before.availableCreditLimitUsed);
    const relationship = await readRelationship();
    // The most this card may hold is its limit plus what the relationship has free; as available, less what is used.
    const most = centsOf(before.creditLimit) + centsOf(relationship.freeLimit) - used;

    expect((await change(row, reais(most))).statusCode).toBe(200);
    expect(await everywhere(row)).toEqual({
      creditLimit: reais(most + used),
      availableCreditLimitUsed: reais(used),
      availableLimit: reais(most),
    });
    expect((await readRelationship()).freeLimit).toBe(0);

    const above = await change(row, reais(most + 1));
    expect(above.statusCode).toBe(422);
    expect(above.json()).toEqual({
      code: 'LIMIT_ABOVE_RELATIONSHIP',
      message: messages.cardApi.limitAboveRelationship(formatCents(most)),
    });
    // Give the relationship its free limit back for the other tests.
    expect((await change(row, before.availableLimit)).statusCode).toBe(200);
    expect(await readRelationship()).toEqual(relationship);
  });

  it('refuses past the relationship’s free limit with the most this card may have available, writing nothing', async () => {
    const row = await spender();
    const before = await everywhere(row);
    const relationship = await readRelationship();
    const used = centsOf(before.availableCreditLimitUsed);
    const most = centsOf(before.creditLimit) + centsOf(relationship.freeLimit) - used;

    const above = await change(row, reais(most + 1));
    expect(above.statusCode).toBe(422);
    expect(above.json()).toEqual({
      code: 'LIMIT_ABOVE_RELATIONSHIP',
      message: messages.cardApi.limitAboveRelationship(formatCents(most)),
    });

    expect(await everywhere(row)).toEqual(before);
    expect(await readRelationship()).toEqual(relationship);
    expect(await eventsOf(row)).toHaveLength(0);
  });

  it('refuses a value that is not positive with 400, and a permanently blocked or cancelled card with 409', async () => {
    const row = await spender();
    for (const value of [0, -10, '100,00', null]) expect((await change(row, value)).statusCode).toBe(400);
    const tiny = await change(row, 0.001);
    expect(tiny.json()).toEqual({ code: 'LIMIT_NOT_POSITIVE', message: messages.cardApi.limitNotPositive });
    for (const blocked of [await spender('permanent'), await spender('cancelled')]) {
      const before = await everywhere(blocked);
      const res = await change(blocked, before.availableLimit + 1);
      expect([res.statusCode, res.json().code]).toEqual([409, 'PERMANENTLY_BLOCKED']);
      expect(await everywhere(blocked)).toEqual(before);
    }
    expect(await eventsOf(row)).toHaveLength(0);
  });

  it('applies two changes one after the other: both recorded, the second starts from the first', async () => {
    const row = await spender();
    const used = await spentCents(row.account.id);
    const results = await Promise.all([change(row, 500), change(row, 900)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const [first, second] = await eventsOf(row);
    expect(second?.before).toEqual(first?.after);
    const now = await everywhere(row);
    expect(now.creditLimit).toBe((second?.after as LimitResponse | undefined)?.creditLimit);
    // In centavos: the figures are reais with two decimals, and their difference in floating point need not be.
    expect([centsOf(now.availableCreditLimitUsed), centsOf(now.creditLimit) - centsOf(now.availableLimit)]).toEqual([
      used,
      used,
    ]);
  });
});

describe('the relationship limit (GET /v1/corporate/limit)', () => {
  it('is the company’s limit, its live cards’ limits and the difference; another company’s is 404', async () => {
    const figures = await readRelationship();
    const live = (await holders()).filter((r) => r.account.statusDescription !== 'CANCELADA');
    const committed = live.reduce((sum, r) => sum + centsOf(r.account.creditLimit), 0);
    expect(centsOf(figures.committedLimit)).toBe(committed);
    expect(centsOf(figures.freeLimit)).toBe(centsOf(figures.relationshipLimit) - committed);
    const foreign = await buildCompany(h);
    const other = await h.app.inject({
      method: 'GET',
      url: '/v1/corporate/limit',
      headers: { ...bearer(token), cnpj: foreign.cnpj, relationcode: foreign.relationCode },
    });
    expect(other.statusCode).toBe(404);
  });
});
