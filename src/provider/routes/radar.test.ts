// The lifecycle radar (decision 083) through the provider's HTTP surface: counts and lists agree, another company
// is refused, and the real card endpoints move cards out of the lists.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import {
  RADAR_CATEGORIES,
  RADAR_PAGE_SIZE,
  type RadarCard,
  type RadarCategory,
  radarCardsResponse,
  radarResponse,
} from '../../contracts/radar.ts';
import { accounts, cards, portalUsers } from '../db/schema.ts';
import { radarExportKind } from '../exports/radar.ts';
import type { Principal } from '../services/sessions.ts';
import {
  type BuiltCompany,
  buildCard,
  buildCards,
  buildCompany,
  buildPurchase,
  buildRequest,
  buildUser,
  holderIn,
} from '../test/builders/index.ts';
import { exportScope } from '../test/export-scope.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

let h: Harness;
let demoToken: string;
let otherToken: string;
type Company = BuiltCompany;
/** The demo operator's company A, with cards on every list; company C is another operator's. */
let companyA: Company;
let companyC: Company;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  h = await createHarness();
  // The cards are dated from the real day, as the seed dates its own; the radar reads the provider's clock.
  h.clock.advance(Date.now() - h.clock().getTime());
  const now = h.clock().getTime();
  const ago = (days: number) => new Date(now - days * DAY);
  const inDays = (days: number) => new Date(now + days * DAY).toISOString().slice(0, 10);
  companyA = await buildCompany(h, { members: [DEMO.login] });
  // Quiet cards, on no list: issued ten days ago, valid for years.
  await buildCards(h, companyA, 3, () => ({ card: { createdAt: ago(10) } }));
  // Unused: issued long ago, never used or last used before the 45 days (a holder with an accent among them).
  await buildCards(h, companyA, 2, () => ({ card: { createdAt: ago(100) } }));
  const usedLong = await buildCard(h, companyA, {
    holderName: 'Joana Conceição Brandão',
    card: { createdAt: ago(200) },
  });
  await buildPurchase(h, usedLong, { at: ago(60), value: '42.00' });
  // Lost or stolen, a password locked, plastics expiring within 60 days.
  await buildCard(h, companyA, holderIn.blocked('P'));
  await buildCard(h, companyA, holderIn.blocked('R'));
  await buildCards(h, companyA, 2, () => ({ card: { createdAt: ago(10), passwordBlocked: true } }));
  // One of the expiring cards is active with the platform's warning code on its account: its status is Inativo.
  await buildCards(h, companyA, 3, (i) => ({
    ...(i === 1 ? holderIn.accountWarning() : {}),
    card: { createdAt: ago(10), expiresOn: inDays(10 + 20 * i) },
  }));
  // Requested through the portal five days ago, never used: pending.
  for (const card of await buildCards(h, companyA, 2, () => ({ card: { createdAt: ago(5) } }))) {
    await buildRequest(h, card, ago(5));
  }
  const other = await buildUser(h, { password: DEMO.password });
  companyC = await buildCompany(h, { members: [other.login] });
  await buildCard(h, companyC, { card: { createdAt: ago(100) } });
  demoToken = await h.token(DEMO.login, DEMO.password);
  otherToken = await h.token(other.login, DEMO.password);
});
afterAll(() => h.close());

const headersOf = (c: Company) => ({ cnpj: c.cnpj, relationcode: c.relationCode });

const readRadar = (company = companyA, token = demoToken) =>
  h.app.inject({ method: 'GET', url: '/v1/corporate/radar', headers: { ...bearer(token), ...headersOf(company) } });

const readList = (query: Record<string, string>, company = companyA, token = demoToken) =>
  h.app.inject({
    method: 'GET',
    url: '/v1/corporate/radar/cards',
    query,
    headers: { ...bearer(token), ...headersOf(company) },
  });

async function counts() {
  const res = await readRadar();
  expect(res.statusCode).toBe(200);
  return radarResponse.parse(res.json()).counts;
}

/** Every row of a list, page after page through the cursor. */
async function wholeList(category: RadarCategory, filter?: string): Promise<RadarCard[]> {
  const rows: RadarCard[] = [];
  let after: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const query: Record<string, string> = { category };
    if (after) query.after = after;
    if (filter) query.filter = filter;
    const res = await readList(query);
    expect(res.statusCode).toBe(200);
    const page = radarCardsResponse.parse(res.json());
    expect(page.cards.length).toBeLessThanOrEqual(RADAR_PAGE_SIZE);
    rows.push(...page.cards);
    if (!page.next) return rows;
    after = page.next;
  }
  throw new Error('the list never ended');
}

const call = (url: string, body: unknown) =>
  h.app.inject({ method: 'POST', url, headers: bearer(demoToken), payload: body as object });

/** An active card of company A that is in none of the lists the test watches. */
async function quietActiveCard(exclude: Set<string>) {
  const rows = await h.db
    .select({ account: accounts, card: cards })
    .from(accounts)
    .innerJoin(cards, eq(cards.accountId, accounts.id))
    .where(and(eq(accounts.companyId, companyA.id), eq(cards.status, 'Actived'), eq(cards.activeFlag, 'S')))
    .orderBy(accounts.accountNumber);
  const row = rows.find((r) => !exclude.has(r.account.id) && r.account.statusDescription === 'NORMAL');
  if (!row) throw new Error('no quiet active card');
  return row;
}

describe('GET /v1/corporate/radar', () => {
  it('gives every list of the company something to show, and each count is its list’s length', async () => {
    const seen = await counts();
    for (const category of RADAR_CATEGORIES) {
      const list = await wholeList(category);
      expect(seen[category], category).toBeGreaterThan(0);
      expect(list, category).toHaveLength(seen[category]);
      // One row per holder card.
      expect(new Set(list.map((r) => r.uuid)).size).toBe(list.length);
    }
  });

  it('says which day and which windows the counts are about', async () => {
    const res = radarResponse.parse((await readRadar()).json());
    expect(res.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(res.unusedDays).toBe(45);
    expect(res.expiringDays).toBe(60);
  });

  it('refuses a company the operator does not act for, on the counts and on the lists', async () => {
    for (const res of [await readRadar(companyC), await readList({ category: 'unused' }, companyC)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'COMPANY_NOT_FOUND', message: messages.company.notFound });
    }
    // Its own operator reads it.
    expect((await readRadar(companyC, otherToken)).statusCode).toBe(200);
  });
});

describe('GET /v1/corporate/radar/cards', () => {
  it('lists the expiring cards soonest first, inside the next 60 days', async () => {
    const { asOf } = radarResponse.parse((await readRadar()).json());
    const list = await wholeList('expiring');
    const days = list.map((r) => r.expiresOn);
    expect([...days].sort()).toEqual(days);
    const until = new Date(`${asOf}T12:00:00Z`);
    until.setUTCDate(until.getUTCDate() + 60);
    for (const d of days) {
      expect(d >= asOf).toBe(true);
      expect(d <= until.toISOString().slice(0, 10)).toBe(true);
    }
  });

  it('lists unused cards without an authorization in 45 days, and pending requests never used', async () => {
    const since = new Date(Date.now() - 45 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    for (const row of await wholeList('unused')) {
      expect(row.cardStatus).toBe('active');
      if (row.lastUseOn !== null) expect(row.lastUseOn < since).toBe(true);
    }
    for (const row of await wholeList('pending')) {
      expect(row.lastUseOn).toBeNull();
      expect(row.requestedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('filters by name, CPF (with or without its mask) and the card’s last four digits', async () => {
    const [first] = await wholeList('unused');
    if (!first) throw new Error('no unused card');
    const cpf = first.documentNumber;
    const masked = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    const surname = first.cardHolder.split(' ')[1] as string;
    // As the portal sends a name (decision 083): no accents, `_` for spaces; and as another client might.
    const wire = first.cardHolder
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ /g, '_');
    for (const filter of [
      cpf,
      masked,
      first.last4Digits,
      surname.toLowerCase(),
      wire,
      first.cardHolder.toUpperCase(),
    ]) {
      const found = await wholeList('unused', filter);
      expect(
        found.some((r) => r.uuid === first.uuid),
        filter,
      ).toBe(true);
    }
    expect(await wholeList('unused', cpf)).toHaveLength(1);
    expect(await wholeList('unused', 'Zzzzzz Inexistente')).toHaveLength(0);
    // Accents do not matter either way: a holder named with one is found without it.
    const accented = (await wholeList('unused')).find((r) => /[À-ú]/.test(r.cardHolder));
    if (accented) {
      const plain = accented.cardHolder.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      expect((await wholeList('unused', plain)).some((r) => r.uuid === accented.uuid)).toBe(true);
    }
  });

  it('refuses a cursor of another list and a filter with symbols, naming why', async () => {
    const cursor = await readList({ category: 'unused', after: '2026-01-31~5000000100' });
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json()).toMatchObject({ code: 'RADAR_CURSOR_INVALID', message: messages.radar.cursorInvalid });
    const other = await readList({ category: 'expiring', after: '5000000100' });
    expect(other.json()).toMatchObject({ code: 'RADAR_CURSOR_INVALID' });
    const symbols = await readList({ category: 'unused', filter: "x' or 1=1 --" });
    expect(symbols.statusCode).toBe(400);
    expect(symbols.json()).toMatchObject({ code: 'INVALID_INPUT' });
    const unknown = await readList({ category: 'everything' });
    expect(unknown.statusCode).toBe(400);
  });

  it('a card blocked for loss joins its list, and leaves it when its 2ª via is asked for', async () => {
    const before = await counts();
    const listed = new Set((await wholeList('lost-or-stolen')).map((r) => r.uuid));
    const row = await quietActiveCard(listed);
    const blocked = await call(`/v1/cards/block/${row.account.id}`, {
      descriptionOccurrence: 'Portador informou perda',
      last4digits: row.card.last4,
      blockingReason: 'P',
    });
    expect(blocked.statusCode).toBe(200);
    expect((await counts())['lost-or-stolen']).toBe(before['lost-or-stolen'] + 1);
    expect((await wholeList('lost-or-stolen')).some((r) => r.uuid === row.account.id)).toBe(true);

    const secondCopy = await call(`/v1/cards/issue/2way/${row.account.id}`, {
      last4digits: row.card.last4,
      reasonReissueCard: 'P',
      embossName: row.card.embossName,
      deficiencyVisualdescription: '',
      line4Emboss: '',
    });
    expect(secondCopy.statusCode).toBe(200);
    expect((await counts())['lost-or-stolen']).toBe(before['lost-or-stolen']);
    expect((await wholeList('lost-or-stolen')).some((r) => r.uuid === row.account.id)).toBe(false);
  });

  it('a card whose password is unlocked leaves the password list', async () => {
    const before = await counts();
    const [locked] = await wholeList('password-blocked');
    if (!locked) throw new Error('no locked password');
    const res = await call(`/v1/cards/password/reset/${locked.uuid}`, {
      last4digits: locked.last4Digits,
      userId: '000000042',
    });
    expect(res.statusCode).toBe(200);
    expect((await counts())['password-blocked']).toBe(before['password-blocked'] - 1);
    expect((await wholeList('password-blocked')).some((r) => r.uuid === locked.uuid)).toBe(false);
  });

  it('a blocked unused card leaves the unused list (the bulk action’s effect)', async () => {
    const before = await counts();
    const [unused] = await wholeList('unused');
    if (!unused) throw new Error('no unused card');
    const res = await call(`/v1/cards/block/${unused.uuid}`, {
      descriptionOccurrence: messages.radar.bulk.occurrence,
      last4digits: unused.last4Digits,
      blockingReason: 'O',
    });
    expect(res.statusCode).toBe(200);
    expect((await counts()).unused).toBe(before.unused - 1);
  });
});

describe('the radar export kind', () => {
  const principal = async (): Promise<Principal> => {
    const [user] = await h.db.select().from(portalUsers).where(eq(portalUsers.login, DEMO.login));
    if (!user) throw new Error('no demo operator');
    return {
      userId: user.id,
      sessionId: '',
      login: user.login,
      name: user.name,
      mustChangePassword: false,
      factorPending: false,
      stepUpDue: false,
    };
  };
  const filters = (category: RadarCategory, company = companyA, filter?: string) =>
    radarExportKind.filters.parse({ cnpj: company.cnpj, relationCode: company.relationCode, category, filter });

  it('writes every row of the list, in its order, with as many cells as the header, and counts them first', async () => {
    const who = await principal();
    for (const category of ['expiring', 'pending'] as const) {
      const rows: (readonly unknown[])[] = [];
      const scope = await exportScope(h.db, who, 'radar', filters(category));
      for await (const batch of radarExportKind.rows(h.db, scope, filters(category), false)) rows.push(...batch);
      const list = await wholeList(category);
      expect(rows).toHaveLength(list.length);
      expect(await radarExportKind.count(h.db, scope, filters(category), false)).toBe(list.length);
      for (const [i, row] of rows.entries()) {
        expect(row).toHaveLength(radarExportKind.header.length);
        expect(row[0]).toBe(list[i]?.cardHolder);
        expect(row[5]).toEqual({ date: list[i]?.expiresOn });
        // Ativo only for an active card with no blocking or warning code, as the cards list has it.
        const card = list[i];
        const plain =
          card?.cardStatus === 'active' &&
          !card.cardBlockingCode &&
          !card.accountBlockingCodeTwo &&
          !card.accountWarningCode;
        expect(row[4]).toBe(plain ? messages.radar.export.active : messages.radar.export.inactive);
      }
      if (category === 'expiring') {
        expect(list.some((r) => r.cardStatus === 'active' && r.accountWarningCode)).toBe(true);
      }
    }
    expect(radarExportKind.fileName(filters('unused', companyA, 'silva'))).toBe(`radar-unused-${companyA.cnpj}-filtro`);
  });

  it('refuses another company before a row is read', async () => {
    const who = await principal();
    await expect(exportScope(h.db, who, 'radar', filters('unused', companyC))).rejects.toMatchObject({
      status: 404,
      code: 'COMPANY_NOT_FOUND',
    });
  });
});

describe('keyset pages past the first', () => {
  it('walks a list longer than a page once, in order, ties on the date included, and it matches its count', async () => {
    const { asOf } = radarResponse.parse((await readRadar()).json());
    const day = (n: number) => {
      const d = new Date(`${asOf}T12:00:00Z`);
      d.setUTCDate(d.getUTCDate() + n);
      return d.toISOString().slice(0, 10);
    };
    // Two pages and some of cards expiring on three days only, so most rows tie on the date and the account number
    // decides.
    const built = await buildCards(h, companyA, 2 * RADAR_PAGE_SIZE + 7, (i) => ({
      card: { expiresOn: day(10 + (i % 3)) },
    }));
    const ids = built.map((r) => r.card.id);
    expect(ids.length).toBe(2 * RADAR_PAGE_SIZE + 7);
    const first = radarCardsResponse.parse((await readList({ category: 'expiring' })).json());
    expect(first.cards).toHaveLength(RADAR_PAGE_SIZE);
    expect(first.next).toMatch(/^\d{4}-\d{2}-\d{2}~\d+$/);
    const list = await wholeList('expiring');
    expect(list).toHaveLength((await counts()).expiring);
    expect(list.length).toBeGreaterThanOrEqual(ids.length);
    expect(new Set(list.map((r) => r.uuid)).size).toBe(list.length);
    const keys = list.map((r) => `${r.expiresOn}~${r.account.padStart(19, '0')}`);
    expect([...keys].sort()).toEqual(keys);
  });
});
