// The same calls on both engines, the answers compared: the route suites run once, on PostgreSQL wherever one
// answers (tests/setup/server-run.ts), so this suite is what keeps "works on PostgreSQL" meaning "works on PGlite"
// and the other way round. Each engine gets the same company, built on the first and copied row for row to the
// others (its holders, and the history of the first ones drawn back from the same moment), and the same clock; the
// provider's representative reads and writes then must answer alike. Without a PostgreSQL server the suite
// compares PGlite with a second PGlite database (the same answers twice: what the calls give is deterministic) and
// says that PostgreSQL was not compared.
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountsResponse,
  authorizationHistoryResponse,
  type Company,
  cardsResponse,
  limitResponse,
  type SubAccount,
} from '../contracts/schemas.ts';
import type { Db } from './db/client.ts';
import { accounts, authorizations, cards, companies, invoiceDueDates, transactions } from './db/schema.ts';
import { buildCards, buildCompany, buildHistory, linkUser } from './test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from './test/harness.ts';

/** More holders than a page (50) holds, so the pages turn; the first three have a history. */
const HOLDERS = 60;
/** The moment both histories are drawn back from: the harness clock's start, so the provider's "now" agrees with it. */
const REFERENCE = new Date('2026-03-02T12:00:00Z');
const onPostgres = Boolean(process.env.DATABASE_URL);

interface Engine {
  name: string;
  h: Harness;
  token: string;
  company: Company;
}

const engines: Engine[] = [];
type Holder = SubAccount;

beforeAll(async () => {
  const choices = onPostgres
    ? [
        { name: 'PGlite', database: { engine: 'pglite' as const, reference: REFERENCE } },
        { name: 'PostgreSQL', database: { reference: REFERENCE } },
      ]
    : [
        { name: 'PGlite', database: { engine: 'pglite' as const, reference: REFERENCE } },
        { name: 'PGlite (again)', database: { engine: 'pglite' as const, reference: REFERENCE } },
      ];
  if (!onPostgres) console.info('parity: no PostgreSQL in this run; PGlite compared with itself only');
  let shared: CompanyRows | undefined;
  for (const { name, database } of choices) {
    const h = await createHarness({ database });
    // Built on the first engine, copied to the others: the same rows everywhere.
    if (shared) await copyTo(h, shared);
    else shared = await buildShared(h);
    const token = await h.token(DEMO.login, DEMO.password);
    engines.push({ name, h, token, company: shared.company });
  }
}, 120_000);
afterAll(async () => {
  for (const { h } of engines) await h.close();
});

interface CompanyRows {
  company: typeof companies.$inferSelect;
  accounts: (typeof accounts.$inferSelect)[];
  cards: (typeof cards.$inferSelect)[];
  authorizations: (typeof authorizations.$inferSelect)[];
  transactions: (typeof transactions.$inferSelect)[];
  dueDates: (typeof invoiceDueDates.$inferSelect)[];
}

/** The demo operator's company with its holders, the first three with months of history; read back whole. */
async function buildShared(h: Harness): Promise<CompanyRows> {
  const company = await buildCompany(h, { members: [DEMO.login] });
  await buildCards(h, company, HOLDERS);
  await buildHistory(h, company, { cards: 3, reference: REFERENCE });
  return rowsOf(h.db, company.id);
}

async function rowsOf(db: Db, companyId: number): Promise<CompanyRows> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw new Error(`no company ${companyId}`);
  const held = await db
    .select()
    .from(accounts)
    .where(eq(accounts.companyId, companyId))
    .orderBy(asc(accounts.accountNumber));
  const ids = held.map((a) => a.id);
  return {
    company,
    accounts: held,
    cards: await db.select().from(cards).where(inArray(cards.accountId, ids)),
    authorizations: await db
      .select()
      .from(authorizations)
      .where(inArray(authorizations.accountId, ids))
      .orderBy(asc(authorizations.id)),
    transactions: await db
      .select()
      .from(transactions)
      .where(inArray(transactions.accountId, ids))
      .orderBy(asc(transactions.id)),
    dueDates: await db.select().from(invoiceDueDates).where(eq(invoiceDueDates.companyId, companyId)),
  };
}

/**
 * The same rows in another engine's database: the company under the id that database gives it, its rows in the
 * order they were written, and the link to the demo operator there (whose id each engine's seed drew itself).
 */
async function copyTo(h: Harness, rows: CompanyRows): Promise<void> {
  const { id: _company, ...company } = rows.company;
  const [copy] = await h.db.insert(companies).values(company).returning({ id: companies.id });
  const companyId = copy?.id as number;
  await h.db.insert(accounts).values(rows.accounts.map((a) => ({ ...a, companyId })));
  await h.db.insert(cards).values(rows.cards);
  await h.db.insert(invoiceDueDates).values(rows.dueDates.map((d) => ({ ...d, companyId })));
  await h.db.insert(authorizations).values(rows.authorizations.map(({ id: _id, ...a }) => a));
  await h.db.insert(transactions).values(rows.transactions.map(({ id: _id, ...t }) => t));
  await linkUser(h, DEMO.login, { id: companyId });
  const copied = await rowsOf(h.db, companyId);
  expect(copied.accounts).toEqual(rows.accounts.map((a) => ({ ...a, companyId })));
  expect(copied.authorizations.length).toBe(rows.authorizations.length);
}

/** One call on every engine; the status and body of each, by engine name. */
async function onEach(
  call: (e: Engine) => { method: 'GET' | 'PUT'; url: string; headers?: Record<string, string>; payload?: object },
) {
  const answers: Record<string, { status: number; body: unknown }> = {};
  for (const e of engines) {
    const { headers = {}, ...rest } = call(e);
    const res = await e.h.app.inject({ ...rest, headers: { ...bearer(e.token), ...headers } });
    answers[e.name] = { status: res.statusCode, body: res.json() };
  }
  return answers;
}

/** Every engine's answer equals the first one's; returns that answer. */
function alike(answers: Record<string, { status: number; body: unknown }>) {
  const [first, ...others] = Object.values(answers);
  for (const [name, answer] of Object.entries(answers).slice(1)) {
    expect({ engine: name, ...answer }).toEqual({ engine: name, ...first });
  }
  expect(others).toHaveLength(engines.length - 1);
  return first as { status: number; body: unknown };
}

const companyHeaders = (e: Engine) => ({ cnpj: e.company.cnpj, relationcode: e.company.relationCode });
const firstPage = () =>
  onEach((e) => ({
    method: 'GET',
    url: '/v1/corporate/accounts',
    headers: { ...companyHeaders(e), startaccount: '', direction: '' },
  }));

describe(`the provider on ${onPostgres ? 'PGlite and PostgreSQL' : 'PGlite (no PostgreSQL in this run)'}`, () => {
  it('answers the account pages alike, forwards and back', async () => {
    const first = alike(await firstPage());
    expect(first.status).toBe(200);
    const rows = accountsResponse.parse(first.body).subAccounts;
    expect(rows.length).toBeGreaterThan(10);
    const turn = (startaccount: string, direction: 'N' | 'P') =>
      onEach((e) => ({
        method: 'GET',
        url: '/v1/corporate/accounts',
        headers: { ...companyHeaders(e), startaccount, direction },
      }));
    const next = accountsResponse.parse(alike(await turn(rows.at(-1)?.account as string, 'N')).body).subAccounts;
    expect(next[0]?.account).not.toBe(rows.at(-1)?.account);
    const back = alike(await turn(next[0]?.account as string, 'P'));
    expect(accountsResponse.parse(back.body).subAccounts).toEqual(rows);
  });

  it('finds the same holders by CPF, and the same nobody for an unknown one', async () => {
    const rows = accountsResponse.parse(alike(await firstPage()).body).subAccounts;
    const holder = rows[3] as Holder;
    // The list masks the CPF; every engine holds the same one.
    const [{ cpf } = { cpf: '' }] = await (engines[0] as Engine).h.db
      .select({ cpf: accounts.documentNumber })
      .from(accounts)
      .where(eq(accounts.id, holder.uuid));
    const found = alike(await onEach((e) => ({ method: 'GET', url: `/v1/cards/${cpf}`, headers: companyHeaders(e) })));
    expect(found.status).toBe(200);
    expect(cardsResponse.parse(found.body).cardsResult.map((c) => c.uuid)).toContain(holder.uuid);
    const nobody = alike(
      await onEach((e) => ({ method: 'GET', url: '/v1/cards/52998224725', headers: companyHeaders(e) })),
    );
    expect(nobody.status).toBeGreaterThanOrEqual(400);
  });

  it('answers the same authorization history for a holder who has one', async () => {
    const rows = accountsResponse.parse(alike(await firstPage()).body).subAccounts;
    const holder = rows[0] as Holder;
    const history = alike(
      await onEach(() => ({
        method: 'GET',
        url: `/v2/authorization/history/consult/${holder.uuid}`,
        headers: { last4digits: holder.last4Digits },
      })),
    );
    expect(history.status).toBe(200);
    expect(authorizationHistoryResponse.parse(history.body).authorizations.length).toBeGreaterThan(0);
  });

  it('changes a limit alike, and reads the change back alike', async () => {
    const rows = accountsResponse.parse(alike(await firstPage()).body).subAccounts;
    const holder = rows.find((r) => r.cardBlockingCode === null && r.accountBlockingCodeTwo === null) as Holder;
    const read = () =>
      onEach(() => ({
        method: 'GET',
        url: `/v1/limit/management/${holder.uuid}`,
        headers: { last4digits: holder.last4Digits },
      }));
    const before = limitResponse.parse(alike(await read()).body);
    // The typed value is the card's new available limit (decision 102): what was used stays, so the credit limit moves by as much.
    const wanted = before.availableLimit + 500;
    const changed = alike(
      await onEach(() => ({
        method: 'PUT',
        url: `/v1/limit/management/${holder.uuid}`,
        payload: { availableLimit: wanted, changeLimit: 'S', last4digits: holder.last4Digits },
      })),
    );
    expect(changed.status).toBe(200);
    const after = limitResponse.parse(alike(await read()).body);
    expect(after.availableLimit).toBe(wanted);
    expect(after.creditLimit).toBeCloseTo(before.creditLimit + 500, 2);
  });
});
