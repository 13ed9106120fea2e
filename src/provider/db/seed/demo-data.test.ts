// What the demo's generator writes, read from the test demo (150 holders of company A with history): the promises the
// portal's screens, screenshots and E2E rely on. The route suites build their own rows (test/builders); these checks
// moved here from them, being about the seed — the only test files that may name a seeded company or holder.
import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApprovedAuthorization } from '../../../contracts/authorization-status.ts';
import { centsOf } from '../../../contracts/money.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { accounts, authorizations, cards, companies } from '../schema.ts';

let h: Harness;
let companyA: typeof companies.$inferSelect;

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
  if (!a) throw new Error('the demo has no company A');
  companyA = a;
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
