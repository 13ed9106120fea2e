// Statements built once run inside the transaction inTransaction opens, on either engine: what they write is kept
// when the work ends well and undone when it fails, what they read sees the transaction's own writes, a row they
// lock is held until the transaction ends, and a scoped statement outside any transaction refuses to run.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/harness.ts';
import { createDb, type Db } from './client.ts';
import { inTransaction } from './connection-scoped.ts';
import { migrate } from './migrate.ts';
import { preparedRead } from './prepared.ts';
import { companies } from './schema.ts';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;

const add = preparedRead('test_scoped_add', (db, name) =>
  db
    .insert(companies)
    .values({ cnpj: sql.placeholder('cnpj'), corporateName: 'Escopo Ltda', relationCode: sql.placeholder('code') })
    .returning({ id: companies.id })
    .prepare(name),
);
const lock = preparedRead('test_scoped_lock', (db, name) =>
  db
    .select({ id: companies.id, name: companies.corporateName })
    .from(companies)
    .where(eq(companies.relationCode, sql.placeholder('code')))
    .for('update')
    .prepare(name),
);
const statementsOf = (scoped: Db) => ({ add: add(scoped), lock: lock(scoped) });

const namesOf = async (code: string) =>
  (await db.select({ name: companies.corporateName }).from(companies).where(eq(companies.relationCode, code))).map(
    (r) => r.name,
  );

beforeAll(async () => {
  fresh = await freshDatabase();
  await migrate(fresh.handle);
  db = createDb(fresh.handle);
}, 120_000);
afterAll(() => fresh.drop());

describe('connection-scoped statements', () => {
  it('keep what they wrote when the work ends well, and read their own writes inside it', async () => {
    const seen = await inTransaction(db, async (scoped) => {
      const statements = statementsOf(scoped);
      await statements.add.execute({ cnpj: '11222333000181', code: 'ESC-1' });
      return (await statements.lock.execute({ code: 'ESC-1' })).map((r) => r.name);
    });
    expect(seen).toEqual(['Escopo Ltda']);
    expect(await namesOf('ESC-1')).toEqual(['Escopo Ltda']);
  });

  it('undo what they wrote when the work fails, and the connection serves the next transaction', async () => {
    await expect(
      inTransaction(db, async (scoped) => {
        await statementsOf(scoped).add.execute({ cnpj: '11444777000161', code: 'ESC-2' });
        throw new Error('recusado');
      }),
    ).rejects.toThrow('recusado');
    expect(await namesOf('ESC-2')).toEqual([]);
    // Many in a row, more than the pool's connections: each starts clean.
    for (let i = 0; i < 12; i++) {
      await inTransaction(db, (scoped) => statementsOf(scoped).lock.execute({ code: 'ESC-1' }));
    }
  });

  it('hold a locked row until their transaction ends', async () => {
    const order: string[] = [];
    let locked: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const first = inTransaction(db, async (scoped) => {
      await statementsOf(scoped).lock.execute({ code: 'ESC-1' });
      locked();
      await new Promise((resolve) => setTimeout(resolve, 150));
      order.push('first ends');
    });
    await holding;
    // On PGlite the second waits for the first transaction as a whole; on PostgreSQL for the row.
    const second = inTransaction(db, async (scoped) => {
      await statementsOf(scoped).lock.execute({ code: 'ESC-1' });
      order.push('second locks');
    });
    await Promise.all([first, second]);
    expect(order).toEqual(['first ends', 'second locks']);
  });

  it('refuse to run outside a transaction', async () => {
    let scopedDb: Db | undefined;
    await inTransaction(db, async (scoped) => {
      scopedDb = scoped;
    });
    const error = await statementsOf(scopedDb as Db)
      .lock.execute({ code: 'ESC-1' })
      .then(
        () => null,
        (e: Error) => e,
      );
    // drizzle wraps a driver's failure ("Failed query: …") with it as the cause.
    expect((error?.cause as Error | undefined)?.message).toBe(
      'a connection-scoped statement ran outside inTransaction',
    );
  });
});
