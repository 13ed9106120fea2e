// The audit trail screen (decision 089) through the provider's HTTP surface: changes made through the real endpoints
// appear with who, from where, what and before → after; the filters and the keyset pages return exactly the
// expected rows; another company is refused; a deleted user's rows keep their login and name.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEvent, auditResponse } from '../../contracts/audit.ts';
import { messages } from '../../contracts/messages.ts';
import { validHolderUpdate } from '../../contracts/test/holder-fixture.ts';
import { accounts, cardEvents, cards, portalUsers } from '../db/schema.ts';
import { auditExportKind } from '../exports/audit.ts';
import type { Principal } from '../services/sessions.ts';
import { type BuiltCompany, buildCards, buildCompany, buildUser, freshCpf, linkUser } from '../test/builders/index.ts';
import { exportScope } from '../test/export-scope.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

const DAY = 86_400_000;
const ADDRESS = '203.0.113.7';
let h: Harness;
let demoToken: string;
let otherToken: string;
type Company = BuiltCompany;
/** The demo operator's company A, with its holders; company C is another operator's (`otherLogin`). */
let companyA: Company;
let companyC: Company;
let otherLogin: string;
type Holder = { account: typeof accounts.$inferSelect; card: typeof cards.$inferSelect };
let blocked: Holder;
let limited: Holder;
let edited: Holder;
let newLogin: string;
/** The days (Brasília) of the four changes: block, limit, holder edit, user creation. */
const days: string[] = [];

/** Moves the clock on; the idle sessions expire, so the operators sign in again. */
async function later(ms: number) {
  h.clock.advance(ms);
  demoToken = await h.token(DEMO.login, DEMO.password);
  otherToken = await h.token(otherLogin, DEMO.password);
}

const day = () => new Date(h.clock().getTime() - 3 * 3_600_000).toISOString().slice(0, 10);

async function holders(): Promise<Holder[]> {
  return h.db
    .select({ account: accounts, card: cards })
    .from(accounts)
    .innerJoin(cards, and(eq(cards.accountId, accounts.id), eq(cards.cardType, 'TITULAR')))
    .where(
      and(
        eq(accounts.companyId, companyA.id),
        eq(accounts.statusDescription, 'NORMAL'),
        eq(cards.status, 'Actived'),
        eq(cards.activeFlag, 'S'),
      ),
    )
    .orderBy(asc(accounts.accountNumber));
}

const send = (method: 'POST' | 'PUT', url: string, payload: object, token = demoToken) =>
  h.app.inject({ method, url, payload, headers: bearer(token), remoteAddress: ADDRESS });

const trail = (query: Record<string, string> = {}, company = companyA, token = demoToken) =>
  h.app.inject({
    method: 'GET',
    url: '/v1/audit/events',
    query,
    headers: { ...bearer(token), cnpj: company.cnpj, relationcode: company.relationCode },
  });

async function events(query: Record<string, string> = {}): Promise<AuditEvent[]> {
  const res = await trail(query);
  expect(res.statusCode, res.body).toBe(200);
  return auditResponse.parse(res.json()).events;
}

/** Every page of a query, following the cursor. */
async function allPages(query: Record<string, string>) {
  const seen: AuditEvent[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i += 1) {
    const res = await trail({ ...query, ...(cursor ? { cursor } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    const page = auditResponse.parse(res.json());
    seen.push(...page.events);
    cursor = page.next;
    if (!cursor) break;
  }
  return seen;
}

beforeAll(async () => {
  h = await createHarness();
  companyA = await buildCompany(h, { members: [DEMO.login] });
  await buildCards(h, companyA, 5);
  ({ login: otherLogin } = await buildUser(h, { password: DEMO.password }));
  companyC = await buildCompany(h, { members: [otherLogin] });
  demoToken = await h.token(DEMO.login, DEMO.password);
  otherToken = await h.token(otherLogin, DEMO.password);
  [blocked, limited, edited] = (await holders()) as [Holder, Holder, Holder];

  await later(DAY);
  days.push(day());
  const block = await send('POST', `/v1/cards/block/${blocked.account.id}`, {
    last4digits: blocked.card.last4,
    blockingReason: 'P',
    descriptionOccurrence: 'Perda',
  });
  expect(block.statusCode, block.body).toBe(200);

  await later(2 * DAY);
  days.push(day());
  const limit = await send('PUT', `/v1/limit/management/${limited.account.id}`, {
    availableLimit: 1234.5,
    changeLimit: 'S',
    last4digits: limited.card.last4,
  });
  expect(limit.statusCode, limit.body).toBe(200);

  await later(2 * DAY);
  days.push(day());
  const holder = await send(
    'PUT',
    `/v1/client/account/${edited.account.id}`,
    validHolderUpdate(edited.card.last4, { name: 'Joana Auditada Silva' }),
  );
  expect(holder.statusCode, holder.body).toBe(200);

  await later(2 * DAY);
  days.push(day());
  newLogin = 'auditada.nova';
  const user = await h.app.inject({
    method: 'POST',
    url: '/v0/portal/usuario/',
    headers: { ...bearer(demoToken), cnpj: companyA.cnpj },
    remoteAddress: ADDRESS,
    payload: {
      login: newLogin,
      numCelular: 912345678,
      nomeUsuario: 'Usuária Auditada',
      numeroDocumento: freshCpf(),
      ddd: 11,
      ddi: 55,
      listaPerfis: [''],
      email: 'auditada.nova@exemplo.com.br',
    },
  });
  expect(user.statusCode, user.body).toBe(201);
  await later(60_000);
});
afterAll(() => h.close());

describe('the audit trail (GET /v1/audit/events)', () => {
  it('lists the block, the limit, the holder edit and the user creation, newest first, with who, where and what', async () => {
    const list = await events();
    const mineNow = list.filter((e) => e.address === ADDRESS);
    expect(mineNow.map((e) => e.action)).toEqual(['user.create', 'HOLDER_UPDATE', 'LIMIT_CHANGE', 'BLOCK']);
    for (const e of mineNow) {
      expect(e.actorLogin).toBe(DEMO.login);
      expect(e.actorName).toBeTruthy();
    }
    const [user, holder, limit, block] = mineNow as [AuditEvent, AuditEvent, AuditEvent, AuditEvent];
    expect(block.target).toEqual({ last4: blocked.card.last4, holder: blocked.account.holderName, text: null });
    expect(block.changes).toEqual(
      expect.arrayContaining([
        { field: 'status', before: 'Actived', after: 'Blocked' },
        { field: 'blockCode', before: null, after: 'P' },
      ]),
    );
    expect(limit.target.last4).toBe(limited.card.last4);
    // The typed value is the available limit (decision 102); the credit limit moved by the same amount.
    expect(limit.changes).toContainEqual({
      field: 'availableLimit',
      before: expect.any(String),
      after: '1234.5',
    });
    expect(limit.changes.map((c) => c.field)).toEqual(['creditLimit', 'availableLimit']);
    expect(holder.target.holder).toBe('Joana Auditada Silva');
    expect(holder.changes).toContainEqual({
      field: 'name',
      before: edited.account.holderName,
      after: 'Joana Auditada Silva',
    });
    expect(user.target.text).toContain(newLogin);
    expect(user.changes).toContainEqual({ field: 'login', before: null, after: newLogin });
  });

  it('writes the client address on every new card event', async () => {
    const rows = await h.db.select().from(cardEvents).where(eq(cardEvents.cardId, blocked.card.id));
    expect(rows.map((r) => [r.action, r.address])).toEqual([['BLOCK', ADDRESS]]);
    expect(rows[0]?.companyId).toBeGreaterThan(0);
  });

  it('filters by period: one day holds only its change', async () => {
    const changes = (list: AuditEvent[]) => list.filter((e) => e.address === ADDRESS).map((e) => e.action);
    const onLimitDay = await events({ from: days[1] as string, to: days[1] as string });
    expect(changes(onLimitDay)).toEqual(['LIMIT_CHANGE']);
    // The operators' sign-ins (rows about no company) are in their companies' trail too.
    expect(onLimitDay.filter((e) => e.action === 'login.success').map((e) => e.actorLogin)).toContain(DEMO.login);
    const firstTwo = await events({ from: days[0] as string, to: days[1] as string });
    expect(changes(firstTwo)).toEqual(['LIMIT_CHANGE', 'BLOCK']);
    expect(firstTwo.every((e) => e.at >= `${days[0]}T03:00:00.000Z`)).toBe(true);
  });

  it('filters by operator, by card (last four digits or CPF) and by action', async () => {
    expect((await events({ operator: otherLogin })).filter((e) => e.address === ADDRESS)).toEqual([]);
    const byDemo = await events({ operator: 'DEMO' });
    expect(byDemo.every((e) => e.actorLogin === DEMO.login)).toBe(true);
    expect(byDemo.length).toBeGreaterThanOrEqual(4);

    const byLast4 = await events({ card: limited.card.last4 });
    expect(byLast4.map((e) => [e.action, e.target.last4])).toEqual([['LIMIT_CHANGE', limited.card.last4]]);
    const byCpf = await events({ card: edited.account.documentNumber });
    expect(byCpf.map((e) => e.action)).toEqual(['HOLDER_UPDATE']);

    const blocks = await events({ action: 'BLOCK' });
    expect(blocks.map((e) => e.target.last4)).toEqual([blocked.card.last4]);
    const creations = await events({ action: 'user.create' });
    expect(creations.map((e) => e.target.text)).toEqual([expect.stringContaining(newLogin)]);
  });

  it('pages by keyset: every row once, in order, whatever the page size', async () => {
    // Opening the trail is on the trail (decision 108): each read adds its row at the top, so the pages are compared
    // on the rows that were there before the reads began.
    const ids = (list: { id: string; action: string }[]) =>
      list.filter((e) => e.action !== 'audit.read').map((e) => e.id);
    const whole = await events({ limit: '200' });
    expect(whole.length).toBeGreaterThanOrEqual(6);
    const paged = await allPages({ limit: '1' });
    expect(ids(paged)).toEqual(ids(whole));
    const byTwo = await allPages({ limit: '2' });
    expect(ids(byTwo)).toEqual(ids(whole));
    const times = whole.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('refuses a period that ends before it starts, reaches past 12 months or ends in the future', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ from: days[1] as string, to: days[0] as string }, messages.audit.period.order],
      [{ from: '2024-01-01', to: days[0] as string }, messages.audit.period.tooOld],
      [{ to: '2099-01-01' }, messages.audit.period.future],
      [{ from: '2026-02-31' }, messages.audit.periodInvalid],
      [{ card: '123' }, messages.audit.cardInvalid],
      [{ action: 'drop.table' }, messages.audit.actionInvalid],
    ];
    for (const [query, reason] of cases) {
      const res = await trail(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message).toContain(reason);
    }
  });

  it('refuses another company, and lists none of its rows', async () => {
    const res = await trail({}, companyC);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('COMPANY_NOT_FOUND');
    const theirs = await trail({}, companyA, otherToken);
    expect(theirs.statusCode).toBe(404);
    expect(JSON.stringify(theirs.json())).not.toContain(`${blocked.card.last4}"`);
  });

  it('keeps the login and name of a deleted user on their rows', async () => {
    const made = await h.createUser({ withCompany: false });
    const [user] = await h.db.select().from(portalUsers).where(eq(portalUsers.login, made.login));
    await linkUser(h, { id: user?.id as string }, companyA);
    const token = await h.token(made.login, made.password);
    const target = ((await holders()) as Holder[]).at(-1) as Holder;
    const block = await send(
      'POST',
      `/v1/cards/block/${target.account.id}`,
      { last4digits: target.card.last4, blockingReason: 'R', descriptionOccurrence: 'Roubo' },
      token,
    );
    expect(block.statusCode, block.body).toBe(200);
    const off = await h.app.inject({
      method: 'PUT',
      url: `/v0/portal/usuario/status/${user?.document}`,
      headers: bearer(demoToken),
      payload: { status: 'INATIVO' },
    });
    expect(off.statusCode, off.body).toBe(200);
    const gone = await h.app.inject({
      method: 'DELETE',
      url: `/v0/portal/usuario/${user?.document}`,
      headers: { ...bearer(demoToken), 'content-type': 'application/json' },
    });
    expect(gone.statusCode, gone.body).toBe(200);

    const theirs = await events({ operator: made.login });
    expect(theirs.map((e) => [e.action, e.actorLogin, e.actorName, e.target.last4])).toEqual([
      ['BLOCK', made.login, user?.name, target.card.last4],
    ]);
  });

  it('is for administrators only: a card manager is refused on the screen and on the CSV export', async () => {
    const made = await h.createUser({ withCompany: false });
    const [user] = await h.db.select().from(portalUsers).where(eq(portalUsers.login, made.login));
    await linkUser(h, { id: user?.id as string }, companyA, 'GESTOR_CARTOES');
    const token = await h.token(made.login, made.password);
    const res = await trail({}, companyA, token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PROFILE_FORBIDDEN');
    const principal = { userId: user?.id } as Principal;
    const filters = { cnpj: companyA.cnpj, relationCode: companyA.relationCode };
    await expect(exportScope(h.db, principal, 'audit', filters)).rejects.toMatchObject({
      code: 'PROFILE_FORBIDDEN',
    });
  });

  it('exports the filtered rows, older than 12 months allowed, with pt-BR labels and before → after', async () => {
    const demo = (await h.db.select().from(portalUsers).where(eq(portalUsers.login, DEMO.login)))[0];
    const principal = { userId: demo?.id } as Principal;
    const filters = {
      cnpj: companyA.cnpj,
      relationCode: companyA.relationCode,
      from: '2020-01-01',
      card: limited.card.last4,
    };
    const scope = await exportScope(h.db, principal, 'audit', filters);
    expect(scope.company.cnpj).toBe(companyA.cnpj);
    expect(await auditExportKind.count(h.db, scope, filters, false)).toBeNull();
    const lines: unknown[][] = [];
    for await (const batch of auditExportKind.rows(h.db, scope, filters, false)) lines.push(...batch);
    expect(lines).toHaveLength(1);
    const [line] = lines as unknown[][];
    expect(line?.slice(1, 6)).toEqual([
      DEMO.login,
      expect.any(String),
      ADDRESS,
      messages.audit.actions.LIMIT_CHANGE,
      messages.audit.cardTarget(limited.card.last4, limited.account.holderName),
    ]);
    expect(line?.[6]).toMatch(
      /^Limite: R\$ [\d.]+,\d\d → R\$ [\d.]+,\d\d; Limite disponível: R\$ [\d.]+,\d\d → R\$ 1\.234,50$/,
    );
  });
});
