import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, DEMO, type Harness, TEST_ACCOUNTS } from '../test/harness.ts';
import { accounts, cards, companies } from './schema.ts';
import { seedDemo } from './seed.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('seedDemo', () => {
  it('does nothing when the demo operator exists', async () => {
    const again = await seedDemo(h.handle, { accounts: 500, demoLogin: DEMO.login, demoPassword: DEMO.password });
    expect(again.created).toBe(false);
    const [row] = await h.db.select({ n: sql<number>`count(*)::int` }).from(accounts);
    expect(row?.n).toBe(TEST_ACCOUNTS + 30 + 20);
  });

  it('keeps each company counter equal to its accounts, one holder card each', async () => {
    const rows = await h.db
      .select({
        counter: companies.totalSubAccounts,
        accounts: sql<number>`(select count(*)::int from accounts a where a.company_id = companies.id)`,
      })
      .from(companies);
    for (const r of rows) expect(r.counter).toBe(r.accounts);
    const [withoutCard] = await h.db
      .select({ n: sql<number>`count(*)::int` })
      .from(accounts)
      .leftJoin(cards, eq(cards.accountId, accounts.id))
      .where(sql`${cards.id} is null`);
    expect(withoutCard?.n).toBe(0);
  });

  it('writes valid CPFs and Brazilian names', async () => {
    const sample = await h.db
      .select({ cpf: accounts.documentNumber, name: accounts.holderName })
      .from(accounts)
      .limit(40);
    for (const r of sample) {
      expect(isValidCpf(r.cpf)).toBe(true);
      expect(r.name.split(' ')).toHaveLength(3);
    }
  });
});
