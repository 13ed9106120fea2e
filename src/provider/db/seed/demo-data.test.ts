// What the demo's generator writes, read from the test demo (150 holders of company A with history): the promises the
// portal's screens, screenshots and E2E rely on. The route suites build their own rows (test/builders); these checks
// moved here from them, being about the seed — the only test files that may name a seeded company or holder.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApprovedAuthorization } from '../../../contracts/authorization-status.ts';
import { centsOf } from '../../../contracts/money.ts';
import { loginResponse } from '../../../contracts/schemas.ts';
import { createHarness, DEMO, type Harness } from '../../test/harness.ts';
import {
  accounts,
  authorizations,
  cards,
  companies,
  invoiceDueDates,
  invoices,
  portalUsers,
  transactions,
} from '../schema.ts';
import { historyDueDates, seedHistory } from './history.ts';
import { ensureDemoOperator, PROFILE_OPERATORS } from './seed.ts';

let h: Harness;
let companyA: typeof companies.$inferSelect;
let companyB: typeof companies.$inferSelect;

type Row = { account: typeof accounts.$inferSelect; card: typeof cards.$inferSelect };
const holdersOf = (companyId: number): Promise<Row[]> =>
  h.db
    .select({ account: accounts, card: cards })
    .from(accounts)
    .innerJoin(cards, eq(cards.accountId, accounts.id))
    .where(and(eq(accounts.companyId, companyId), eq(cards.cardType, 'TITULAR')))
    .orderBy(asc(accounts.accountNumber));

/** Used, in centavos, from the authorization rows and the shared approval rule. */
async function spentCents(accountId: string): Promise<number> {
  const rows = await h.db.select().from(authorizations).where(eq(authorizations.accountId, accountId));
  return rows
    .filter((r) => r.settledAt === null && isApprovedAuthorization(r))
    .reduce((sum, r) => sum + centsOf(r.valueBrl), 0);
}

beforeAll(async () => {
  h = await createHarness();
  const [a] = await h.db.select().from(companies).where(eq(companies.corporateName, 'Transportadora Horizonte Ltda'));
  const [b] = await h.db.select().from(companies).where(eq(companies.corporateName, 'Construtora Vale Verde S.A.'));
  if (!a || !b) throw new Error('the demo has no company A or B');
  [companyA, companyB] = [a, b];
});
afterAll(() => h.close());

describe('the demo’s holders', () => {
  it('gives company A holders in every state the card screens handle', async () => {
    const rows = await holdersOf(companyA.id);
    expect(rows.some((r) => r.card.activeFlag === 'N')).toBe(true);
    expect(rows.some((r) => r.account.statusDescription === 'CANCELADA')).toBe(true);
    expect(rows.filter((r) => r.card.status === 'Actived').length).toBeGreaterThan(50);
    const [b] = await h.db.select({ n: companies.id }).from(companies).where(ne(companies.cnpj, companyA.cnpj));
    expect(b).toBeDefined();
  });

  it('keeps every history account’s open spend within its limit', async () => {
    for (const row of (await holdersOf(companyA.id)).slice(0, 60)) {
      expect(await spentCents(row.account.id), row.account.id).toBeLessThanOrEqual(centsOf(row.account.creditLimit));
    }
  });
});

describe('the demo’s history', () => {
  const countOf = async (accountId: string) =>
    (await h.db.select().from(authorizations).where(eq(authorizations.accountId, accountId))).length;

  it('gives history to the first 60 holders of company A and the first 10 of B, none to the others', async () => {
    const a = await holdersOf(companyA.id);
    const b = await holdersOf(companyB.id);
    expect(await countOf((a[59] as Row).account.id)).toBeGreaterThan(0);
    expect(await countOf((b[9] as Row).account.id)).toBeGreaterThan(0);
    expect(await countOf((a[60] as Row).account.id)).toBe(0);
    expect(await countOf((b[10] as Row).account.id)).toBe(0);
  });

  it('seedHistory is resumable: running it again adds no history and no due dates', async () => {
    const count = async () => {
      const [a] = await h.db.select({ n: sql<number>`count(*)::int` }).from(authorizations);
      const [t] = await h.db.select({ n: sql<number>`count(*)::int` }).from(transactions);
      const [d] = await h.db.select({ n: sql<number>`count(*)::int` }).from(invoiceDueDates);
      return [a?.n, t?.n, d?.n];
    };
    const before = await count();
    await seedHistory(h.db, [
      { companyId: companyA.id, accountsWithHistory: 60, seed: 1101 },
      { companyId: companyB.id, accountsWithHistory: 10, seed: 1202 },
    ]);
    expect(await count()).toEqual(before);
  });

  it('historyDueDates lists the last 8 months and the current one on day 22', () => {
    expect(historyDueDates(new Date('2026-03-02T12:00:00Z'))).toEqual([
      '2025-07-22',
      '2025-08-22',
      '2025-09-22',
      '2025-10-22',
      '2025-11-22',
      '2025-12-22',
      '2026-01-22',
      '2026-02-22',
      '2026-03-22',
    ]);
  });
});

describe('the demo’s invoices', () => {
  it('seeds at least six closed invoices per company and a due date without one', async () => {
    for (const company of await h.db.select().from(companies)) {
      const dates = (
        await h.db
          .select({ dueDate: invoiceDueDates.dueDate })
          .from(invoiceDueDates)
          .where(eq(invoiceDueDates.companyId, company.id))
      )
        .map((d) => d.dueDate)
        .sort();
      const invoiced = (
        await h.db.select({ dueDate: invoices.dueDate }).from(invoices).where(eq(invoices.companyId, company.id))
      )
        .map((d) => d.dueDate)
        .sort();
      expect(invoiced.length, company.corporateName).toBeGreaterThanOrEqual(6);
      const newest = invoiced.at(-1) as string;
      expect(dates.filter((d) => d < newest && !invoiced.includes(d))).toHaveLength(1);
      expect(dates.every((d) => d.endsWith('-22'))).toBe(true);
    }
  });
});

describe('the demo’s profile operators', () => {
  it('sign in with the demo password a start sets, and a demo seeded before them gets them', async () => {
    const signIn = (login: string, senha: string) =>
      h.app.inject({ method: 'POST', url: '/v0/portal/usuario/login', payload: { login, senha } });
    // A demo seeded before profiles: the two operators are not there yet.
    await h.db.delete(portalUsers).where(eq(portalUsers.login, 'consulta'));
    const newPassword = 'OutraSenhaDemo2026';
    await ensureDemoOperator(h.handle, { demoLogin: DEMO.login, demoPassword: newPassword });
    for (const op of PROFILE_OPERATORS) {
      const res = await signIn(op.login, newPassword);
      expect(res.statusCode, `${op.login} ${res.body}`).toBe(200);
      const body = loginResponse.parse(res.json());
      expect(body.primeiroAcesso).toBe(false);
      expect(body.companies.map((c) => [c.cnpj, c.perfil])).toEqual([[companyA.cnpj, op.profile]]);
    }
    await ensureDemoOperator(h.handle, { demoLogin: DEMO.login, demoPassword: DEMO.password });
    expect((await signIn('consulta', DEMO.password)).statusCode).toBe(200);
  });
});
