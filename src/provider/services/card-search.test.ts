// A name search reads a first stretch of accounts in account order, then the rest by walking on or through the name
// index (nameSearch). Whatever the stretch and whichever way the rest is read, the pages hold the same cards in the
// same order as one walk through the whole company, with or without a status. Checked with stretches of 1 to 8
// accounts over a company of 30 holders, paged 3 at a time, on the test's engine.
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusFilter } from '../../contracts/card-state.ts';
import type { Db } from '../db/client.ts';
import { schema } from '../db/client.ts';
import { buildCompany, buildHolders, type HolderSpec } from '../test/builders/index.ts';
import { migratedDatabase } from '../test/harness.ts';
import { type CardSearchInput, searchCards } from './card-search.ts';

let db: Db;
let close: () => Promise<void>;
let companyId: number;
const statements: string[] = [];

const FIRST = ['Maria', 'Ana', 'José', 'Cláudia', 'João'];
const LAST = ['Silva', 'Silveira', 'Machado', 'Souza', "D'Ávila", 'Costa'];

beforeAll(async () => {
  const fresh = await migratedDatabase();
  const logger = { logQuery: (query: string) => statements.push(query) };
  db = (fresh.handle.kind === 'pglite'
    ? drizzlePglite(fresh.handle.client, { schema, logger })
    : drizzleNodePg(fresh.handle.client, { schema, logger })) as unknown as Db;
  close = () => fresh.dispose();
  const company = await buildCompany({ db });
  companyId = company.id;
  // Common words (Maria, Silva) and rare ones (Cláudia Machado), some cards lost: every fifth holder.
  const specs: HolderSpec[] = Array.from({ length: 30 }, (_, i) => ({
    name: `${FIRST[(i * 7) % FIRST.length]} ${LAST[(i * 3) % LAST.length]} ${LAST[(i * 5 + 1) % LAST.length]}`,
    ...(i % 5 === 2 ? { status: 'Blocked', blockCode: 'P' } : {}),
  }));
  await buildHolders({ db }, companyId, specs);
}, 120_000);

afterAll(() => close());

/** Every page of a search, 3 rows each, followed through its cursor: the holders' names in order. */
async function allPages(q: string, status: StatusFilter | undefined, walkFirst?: number) {
  const names: string[] = [];
  let after: string | undefined;
  for (let pages = 0; pages < 20; pages++) {
    const input: CardSearchInput = { q, maskedCpf: false, size: 3, ...(status ? { status } : {}) };
    const answer = await searchCards(db, companyId, { ...input, ...(after ? { after } : {}), walkFirst });
    names.push(...answer.subAccounts.map((r) => r.cardHolder));
    if (!answer.next) return names;
    after = answer.next;
  }
  throw new Error('the search kept answering a next page');
}

describe('the name search, whichever way it reads past its first stretch', () => {
  it('answers the same pages as one walk through the company, and takes both ways', async () => {
    statements.length = 0;
    const searches: Array<[string, StatusFilter | undefined]> = [
      ['maria', undefined],
      ['silva', undefined],
      ['sil', 'perda'],
      ['claudia machado', undefined],
      ['avila ana', undefined],
      ['machado', 'perda'],
      ['zacarias', undefined],
    ];
    for (const [q, status] of searches) {
      const whole = await allPages(q, status);
      for (const walkFirst of [1, 2, 3, 5, 8])
        expect(await allPages(q, status, walkFirst), `${q} ${walkFirst}`).toEqual(whole);
      if (q !== 'zacarias') expect(whole.length, q).toBeGreaterThan(0);
    }
    const indexed = statements.filter((s) => s.includes('name_key_prefixes')).length;
    // Walking on: the words tested row by row with no upper bound, which only the first stretch has.
    const walkedOn = statements.filter((s) => s.includes('strpos') && !s.includes('<=') && !s.includes('count('));
    expect(indexed).toBeGreaterThan(0);
    expect(walkedOn.length).toBeGreaterThan(0);
  });
});
