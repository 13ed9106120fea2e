// The compiled row mapper of prepared reads (issue 17) must answer exactly what drizzle's own mapper answers: the
// same values (dates, numbers, nulls), the same nesting, the same property order. Each read below is prepared twice
// on the same database, once left to drizzle and once given the compiled mapper, and both answers are compared.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, buildCards, buildCompany, buildPurchase, buildUser } from '../test/builders/index.ts';
import { migratedDatabase } from '../test/harness.ts';
import { createDb, type Db } from './client.ts';
import { installRowMapper } from './row-mapper.ts';
import { accounts, authorizations, cards, companies, userCompanies } from './schema.ts';

let db: Db;
let close: () => Promise<void>;
let company: BuiltCompany;

beforeAll(async () => {
  const fresh = await migratedDatabase();
  db = createDb(fresh.handle);
  close = () => fresh.dispose();
  // Nulls where a read must carry them: a complement-less address, a settled and an open authorization; and accounts
  // with no history beside the one that has it.
  company = await buildCompany({ db });
  await buildUser({ db }, { companies: [company] });
  const [first] = await buildCards({ db }, company, 3, () => ({ account: { addressComplement: null } }));
  if (!first) throw new Error('no card built');
  const at = (day: number) => new Date(Date.UTC(2026, 1, day, 12));
  for (const day of [1, 2, 3]) await buildPurchase({ db }, first, { at: at(day), value: '10.00', settledAt: at(22) });
  for (const day of [4, 5]) await buildPurchase({ db }, first, { at: at(day), value: '25.50' });
}, 120_000);

afterAll(() => close());

/** Property names at every level, in order: what JSON.stringify and the answers' serializers would walk. */
function shapeOf(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Date) return typeof value;
  if (Array.isArray(value)) return value.map(shapeOf);
  return Object.entries(value).map(([key, v]) => [key, shapeOf(v)]);
}

let reads = 0;

/** Prepares `build` twice: drizzle's mapper and the compiled one; both must answer alike, and not trivially. */
async function sameAnswers<T extends { execute: (p?: Record<string, unknown>) => Promise<unknown[]> }>(
  build: (name: string) => T,
  params: Record<string, unknown> = {},
): Promise<unknown[]> {
  // On PostgreSQL a statement's name is kept per connection with its text: each read gets names of its own.
  const id = ++reads;
  const drizzles = build(`fidis_test_drizzle_${id}`);
  const compiled = build(`fidis_test_compiled_${id}`);
  expect(installRowMapper(compiled)).toBe(true);
  const expected = await drizzles.execute(params);
  const actual = await compiled.execute(params);
  expect(expected.length).toBeGreaterThan(0);
  expect(actual).toEqual(expected);
  expect(shapeOf(actual)).toEqual(shapeOf(expected));
  return actual;
}

describe('compiled row mapper', () => {
  it('maps a whole table: timestamps as dates, numerics, booleans, nulls', async () => {
    const rows = (await sameAnswers((name) =>
      db.select().from(authorizations).orderBy(desc(authorizations.tmsIncl), desc(authorizations.id)).prepare(name),
    )) as { tmsIncl: unknown; settledAt: unknown }[];
    expect(rows.some((r) => r.settledAt === null)).toBe(true);
    expect(rows.some((r) => r.settledAt instanceof Date)).toBe(true);
    expect(rows.every((r) => r.tmsIncl instanceof Date)).toBe(true);
  });

  it('nests whole tables of inner joins beside plain columns, with placeholders', async () => {
    const rows = (await sameAnswers(
      (name) =>
        db
          .select({
            account: accounts,
            card: cards,
            relationCode: companies.relationCode,
            profile: userCompanies.profile,
          })
          .from(accounts)
          .innerJoin(cards, eq(cards.accountId, accounts.id))
          .innerJoin(companies, eq(companies.id, accounts.companyId))
          .innerJoin(userCompanies, eq(userCompanies.companyId, accounts.companyId))
          .where(eq(accounts.companyId, sql.placeholder('companyId')))
          .orderBy(asc(accounts.accountNumber), asc(cards.id))
          .prepare(name),
      { companyId: company.id },
    )) as { account: { addressComplement: unknown; accountNumber: unknown } }[];
    // A nested table whose column is null stays an object (an inner join is never nullified).
    expect(rows[0]?.account.addressComplement).toBeNull();
    expect(typeof rows[0]?.account.accountNumber).toBe('bigint');
  });

  it('decodes sql expressions, with and without mapWith, and aliased ones', async () => {
    await sameAnswers((name) =>
      db
        .select({
          id: accounts.id,
          limitNumber: sql<number>`${accounts.creditLimit}`.mapWith(Number),
          limitText: sql<string>`${accounts.creditLimit}::text`,
          nested: { holder: accounts.holderName, upper: sql<string>`upper(${accounts.holderName})`.as('upper_name') },
          nothing: sql<null>`null`,
        })
        .from(accounts)
        .orderBy(asc(accounts.id))
        .prepare(name),
    );
  });

  it("turns a left join's unmatched table into null as drizzle does, and keeps a matched one", async () => {
    // An account with a history, so its rows carry a card and authorizations both.
    const [first] = await db.select({ id: authorizations.accountId }).from(authorizations).limit(1);
    const rows = (await sameAnswers(
      (name) =>
        db
          .select({ account: accounts.id, holder: { name: accounts.holderName }, card: cards, history: authorizations })
          .from(accounts)
          // Only the first account keeps its cards: the others come back with a card of nulls.
          .leftJoin(cards, and(eq(cards.accountId, accounts.id), eq(accounts.id, sql.placeholder('first'))))
          .leftJoin(authorizations, eq(authorizations.accountId, cards.accountId))
          .orderBy(asc(accounts.id), asc(cards.id), asc(authorizations.id))
          .prepare(name),
      { first: first?.id },
    )) as { card: unknown; history: unknown }[];
    expect(rows.some((r) => r.card === null && r.history === null)).toBe(true);
    expect(rows.some((r) => r.card !== null && r.history !== null)).toBe(true);
  });

  it('is the mapper the prepared read runs', async () => {
    const read = db.select({ id: accounts.id }).from(accounts).limit(2).prepare('fidis_test_hook');
    expect(installRowMapper(read)).toBe(true);
    // A drizzle that stopped calling customResultMapper would keep the answers equal above and lose the gain.
    const hooked = read as unknown as { customResultMapper: (rows: unknown[][]) => unknown[] };
    const compiled = hooked.customResultMapper;
    let calls = 0;
    hooked.customResultMapper = (rows) => {
      calls++;
      return compiled(rows);
    };
    expect(await read.execute()).toHaveLength(2);
    expect(calls).toBe(1);
    // Once given, it is not given twice (nor over a mapper drizzle set itself).
    expect(installRowMapper(read)).toBe(false);
  });
});
