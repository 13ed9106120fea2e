import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../platform/database.ts';
import { type FreshDatabase, freshDatabase } from '../../../platform/test-database.ts';
import { pageAccounts } from '../../services/accounts.ts';
import { cardsByDocument } from '../../services/cards.ts';
import { createHarness, DEMO, type Harness } from '../../test/harness.ts';
import { TEST_ACCOUNTS } from '../../test/seeded-database.ts';
import { createDb, type Db } from '../client.ts';
import { migrate } from '../migrate.ts';
import { accounts, cards, companies, portalUsers } from '../schema.ts';
import { HANDWRITTEN_ACCOUNTS, seedDemo } from './seed.ts';

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

describe('seedDemo past the hand-written holders', () => {
  // 600 generated holders in ranges of 250: the path a million-holder seed takes, indexes set aside and rebuilt.
  const BIG = HANDWRITTEN_ACCOUNTS + 600;
  let fresh: FreshDatabase;
  let db: Db;
  const seedBig = () =>
    seedDemo(fresh.handle, { accounts: BIG, bulkChunk: 250, demoLogin: DEMO.login, demoPassword: DEMO.password });
  const companyA = async () => {
    const [row] = await db.select().from(companies).orderBy(asc(companies.id)).limit(1);
    if (!row) throw new Error('company A missing');
    return row;
  };
  const catalogue = async (handle: DatabaseHandle) =>
    (
      await handle.sql.query<{ name: string }>(
        `select indexdef as name from pg_indexes where tablename in ('accounts', 'cards')
         union all select conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
         where conrelid in ('accounts'::regclass, 'cards'::regclass)
         order by 1`,
      )
    ).rows.map((r) => r.name);

  beforeAll(async () => {
    fresh = await freshDatabase();
    await migrate(fresh.handle);
    db = createDb(fresh.handle);
    await seedBig();
  });
  afterAll(() => fresh.dispose());

  it('pages through every holder in account order, the count matching the total shown', async () => {
    const company = await companyA();
    expect(company.totalSubAccounts).toBe(BIG);
    const seen: string[] = [];
    let cursor: bigint | null = null;
    for (;;) {
      const page = await pageAccounts(db, company.id, cursor, cursor === null ? '' : 'N');
      if (page.length === 0) break;
      seen.push(...page.map((r) => r.account));
      cursor = BigInt(page[page.length - 1]?.account ?? '0');
    }
    expect(seen).toHaveLength(BIG);
    expect(new Set(seen).size).toBe(BIG);
    expect(seen.map(BigInt)).toEqual([...seen.map(BigInt)].sort((a, b) => (a < b ? -1 : 1)));
  });

  it('gives every generated holder a valid CPF of their own, found by the CPF search', async () => {
    const company = await companyA();
    const rows = await db
      .select({ cpf: accounts.documentNumber, name: accounts.holderName, email: accounts.email })
      .from(accounts)
      .where(eq(accounts.companyId, company.id));
    expect(rows.filter((r) => !isValidCpf(r.cpf))).toEqual([]);
    expect(new Set(rows.map((r) => r.cpf)).size).toBe(BIG);
    for (const r of rows) {
      expect(r.name.split(' ')).toHaveLength(3);
      expect(r.email).toMatch(/^[a-z]+\.[a-z]+\d+@example\.com$/);
    }
    const last = rows.at(-1);
    const found = await cardsByDocument(db, company.id, last?.cpf ?? '');
    expect(found).toHaveLength(1);
    expect(found[0]?.cardHolder).toBe(last?.name);
  });

  it('gives the generated holders one holder card each, in every state the demo shows', async () => {
    const company = await companyA();
    const states = await db
      .select({ status: cards.status, blockCode: cards.blockCode, activeFlag: cards.activeFlag })
      .from(cards)
      .innerJoin(accounts, eq(accounts.id, cards.accountId))
      .where(eq(accounts.companyId, company.id))
      .orderBy(asc(accounts.accountNumber))
      .offset(HANDWRITTEN_ACCOUNTS);
    expect(states).toHaveLength(600);
    const kinds = new Set(states.map((s) => `${s.status}/${s.blockCode}/${s.activeFlag}`));
    for (const kind of [
      'Actived/null/S',
      'Blocked/P/S',
      'Blocked/R/S',
      'Blocked/BE/S',
      'Blocked/O/S',
      'Blocked/null/N',
    ])
      expect(kinds).toContain(kind);
  });

  it('leaves the indexes and keys the migrations made', async () => {
    const reference = await freshDatabase();
    try {
      await migrate(reference.handle);
      expect(await catalogue(fresh.handle)).toEqual(await catalogue(reference.handle));
    } finally {
      await reference.dispose();
    }
  });

  it('after an interrupted run, generates nothing twice', async () => {
    await db.delete(portalUsers).where(eq(portalUsers.login, DEMO.login));
    expect((await seedBig()).created).toBe(true);
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(accounts)
      .where(eq(accounts.companyId, (await companyA()).id));
    expect(row?.n).toBe(BIG);
    expect((await companyA()).totalSubAccounts).toBe(BIG);
  });
});
