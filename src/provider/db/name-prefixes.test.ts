// The name search reads its matches from the GIN index of every word start (migration 0021) when they are few, and
// walks the accounts testing LIKE '% word%' when they are many: both must find exactly the same names, the ones where
// every search word starts a word of the name. Checked over random names and words, with the index forced.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldName, readSearchTerm } from '../../contracts/card-search-term.ts';
import { migratedDatabase } from '../test/harness.ts';
import { createDb, type Db } from './client.ts';

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  const fresh = await migratedDatabase();
  db = createDb(fresh.handle);
  close = () => fresh.dispose();
}, 120_000);

afterAll(() => close());

/** Rows of a raw statement, on either engine. */
const rowsOf = async <T>(statement: ReturnType<typeof sql>, on: Pick<Db, 'execute'> = db): Promise<T[]> =>
  ((await on.execute(statement)) as unknown as { rows: T[] }).rows;

/** name_key as the accounts table generates it: a space, then the name folded (schema-cards.ts). */
const nameKeyOf = (name: string) => ` ${foldName(name)}`;

/** What the search means, said in TypeScript: every word starts a word of the name. */
const matches = (key: string, words: readonly string[]) =>
  words.every((w) => key.split(' ').some((token) => token.startsWith(w)));

const letters = fc.constantFrom(...'aábcçdeéfghiíjlmnoóõpqrstuúvxz');
const word = fc.array(letters, { minLength: 1, maxLength: 7 }).map((l) => l.join(''));
const separator = fc.constantFrom(' ', ' ', ' ', '-', "'", '  ');
const name = fc
  .tuple(word, fc.array(fc.tuple(separator, word), { minLength: 1, maxLength: 4 }))
  .map(([first, rest]) => first + rest.map(([s, w]) => s + w).join(''));

/** Words typed with no name in mind: most find nothing. */
const typedAtRandom = fc.array(word, { minLength: 1, maxLength: 3 });
/** The starts of some words of one of the names, in any order: they find it, and maybe others. */
const typedFrom = (names: string[]) =>
  fc
    .constantFrom(...names)
    .map((picked) =>
      foldName(picked)
        .split(/[^a-z]+/)
        .filter(Boolean),
    )
    .chain((words) => fc.shuffledSubarray(words, { minLength: 1, maxLength: Math.min(3, words.length) }))
    .chain((words) => fc.tuple(...words.map((w) => fc.integer({ min: 1, max: w.length }).map((n) => w.slice(0, n)))));

describe('name_key_prefixes', () => {
  it("lists every start of every word of a name: 'joao d avila'", async () => {
    const [row] = await rowsOf<{ starts: string[] }>(
      sql`select name_key_prefixes(${nameKeyOf("João D'Ávila")}) as starts`,
    );
    expect([...new Set(row?.starts)].sort()).toEqual([
      'a',
      'av',
      'avi',
      'avil',
      'avila',
      'd',
      'j',
      'jo',
      'joa',
      'joao',
    ]);
  });

  it('finds through its index exactly the names whose words the search words start, as the LIKE walk does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .uniqueArray(name, { minLength: 5, maxLength: 30 })
          .chain((names) => fc.tuple(fc.constant(names), fc.oneof(typedAtRandom, typedFrom(names)))),
        async ([names, typed]) => {
          const term = readSearchTerm(typed.join(' '));
          if (term.kind !== 'name') return;
          const keys = names.map(nameKeyOf);
          const expected = keys.filter((k) => matches(k, term.words)).sort();
          const [byIndex, byLike] = await db.transaction(async (tx) => {
            await tx.execute(sql`create temp table names_under_test (name_key text) on commit drop`);
            for (const key of keys) await tx.execute(sql`insert into names_under_test values (${key})`);
            await tx.execute(sql`create index on names_under_test using gin (name_key_prefixes(name_key))`);
            await tx.execute(sql`set local enable_seqscan = off`);
            const found = (where: ReturnType<typeof sql>) =>
              rowsOf<{ name_key: string }>(sql`select name_key from names_under_test where ${where}`, tx);
            const plan = await rowsOf<Record<string, string>>(
              sql`explain select name_key from names_under_test where name_key_prefixes(name_key) @> ${sql.param(term.words)}::text[]`,
              tx,
            );
            expect(plan.map((r) => Object.values(r)[0]).join('\n')).toContain('Bitmap Index Scan');
            return [
              await found(sql`name_key_prefixes(name_key) @> ${sql.param(term.words)}::text[]`),
              await found(
                sql.join(
                  term.words.map((w) => sql`name_key like ${`% ${w}%`}`),
                  sql` and `,
                ),
              ),
            ];
          });
          expect(byIndex.map((r) => r.name_key).sort()).toEqual(expected);
          expect(byLike.map((r) => r.name_key).sort()).toEqual(expected);
        },
      ),
      { numRuns: 40 },
    );
  });
});
