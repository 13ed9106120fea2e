// Prepared reads (issue 17) must run where their caller runs: a card read inside a transaction sees that
// transaction's own writes and nothing of it survives a rollback. A read prepared once on the pool and reused inside
// a transaction would answer from outside it (PostgreSQL) or wait on it forever (PGlite's single connection).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardScope } from '../http/scope/card.ts';
import { listCompanies } from '../services/companies.ts';
import { openSession, type Principal, touchSession } from '../services/sessions.ts';
import { buildCard, buildCompany, buildUser } from '../test/builders/index.ts';
import { migratedDatabase } from '../test/harness.ts';
import { createDb, type Db } from './client.ts';
import { accounts } from './schema.ts';

let db: Db;
let close: () => Promise<void>;
let userId: string;
let card: { accountId: string; last4: string };

/** The card scope's read for the operator, or null when it is not theirs. */
const cardOfUser = (on: Db, user: string, accountId: string, last4: string | null) =>
  cardScope(on, { userId: user } as Principal, { accountId, last4 }, null);

beforeAll(async () => {
  const fresh = await migratedDatabase();
  db = createDb(fresh.handle);
  close = () => fresh.dispose();
  // An operator of a company with one card.
  const company = await buildCompany({ db });
  userId = (await buildUser({ db }, { companies: [company] })).id;
  const built = await buildCard({ db }, company);
  card = { accountId: built.account.id, last4: built.card.last4 };
}, 120_000);

afterAll(() => close());

describe('prepared reads', () => {
  it('run inside the transaction that calls them, and a rollback leaves nothing behind', async () => {
    const before = await cardOfUser(db, userId, card.accountId, card.last4);
    expect(before?.account.holderName).toBeTruthy();
    class Rollback extends Error {}
    const seenInside: string[] = [];
    await expect(
      db.transaction(async (tx) => {
        await tx
          .update(accounts)
          .set({ holderName: 'NOME DENTRO DA TRANSACAO' })
          .where(eq(accounts.id, card.accountId));
        // Both ways of naming the card are prepared reads; both must see the uncommitted name.
        seenInside.push((await cardOfUser(tx, userId, card.accountId, card.last4))?.account.holderName ?? 'none');
        seenInside.push((await cardOfUser(tx, userId, card.accountId, null))?.account.holderName ?? 'none');
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(seenInside).toEqual(['NOME DENTRO DA TRANSACAO', 'NOME DENTRO DA TRANSACAO']);
    expect((await cardOfUser(db, userId, card.accountId, card.last4))?.account.holderName).toBe(
      before?.account.holderName,
    );
  });

  it('answer each caller with its own parameters, call after call', async () => {
    const mine = await listCompanies(db, userId);
    expect(mine.length).toBeGreaterThan(0);
    // A user linked to nothing gets nothing, even right after a call that answered rows.
    expect(await listCompanies(db, '00000000-0000-7000-8000-000000000000')).toEqual([]);
    expect(await listCompanies(db, userId)).toEqual(mine);
    // A card of the operator, then a card number they do not hold: the second answers null, not the first's row.
    expect(await cardOfUser(db, userId, card.accountId, card.last4)).not.toBeNull();
    expect(await cardOfUser(db, userId, card.accountId, card.last4 === '0000' ? '0001' : '0000')).toBeNull();
  });

  it("read the session of each token, revoked or not, never the previous caller's", async () => {
    const now = new Date();
    const live = await openSession(db, userId, now);
    const revoked = await openSession(db, userId, now);
    await db.execute(`update user_sessions set revoked_at = now() where id = '${revoked}'`);
    expect((await touchSession(db, live, userId, now))?.sessionId).toBe(live);
    expect(await touchSession(db, revoked, userId, now)).toBeNull();
    expect((await touchSession(db, live, userId, now))?.sessionId).toBe(live);
  });
});
