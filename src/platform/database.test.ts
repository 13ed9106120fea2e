// The embedded database reads drizzle's text types once for all (issue 17): what drizzle and the raw SQL runner read
// must be exactly what stock PGlite gives them, in and out of transactions, and drizzle's queries must reach PGlite
// without the per-query parser table (the point of the change; a drizzle upgrade that renames its parsers fails here).
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { date, integer, interval, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, leanDrizzleClient, openDatabase, pgliteRunner } from './database.ts';

const moments = pgTable('moments', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  atString: timestamp('at_string', { withTimezone: true, mode: 'string' }).notNull(),
  local: timestamp('local').notNull(),
  day: date('day').notNull(),
  dayDate: date('day_date', { mode: 'date' }).notNull(),
  span: interval('span').notNull(),
  amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  note: text('note'),
});

const DDL = `create table moments (
  id int primary key, at timestamptz not null, at_string timestamptz not null, local timestamp not null,
  day date not null, day_date date not null, span interval not null, amount numeric(12,2) not null, note text,
  ats timestamptz[], days date[], amounts numeric[], tags text[], meta jsonb, big int8)`;
const ROWS = `insert into moments values
  (1, '2026-11-25 13:45:10.123456-03', '2026-01-01 00:00:00+00', '2026-02-03 04:05:06', '2026-11-25', '1999-12-31',
   '1 day 02:03:04', 1234.50, 'ação', array['2026-11-25 10:00+00'::timestamptz, null], array['2026-01-02'::date],
   array[1.5, 2]::numeric[], array['a', 'b,c'], '{"x": [1, "y"]}', 9007199254740993),
  (2, '2000-02-29 23:59:59+00', '2000-02-29 23:59:59+00', '2000-02-29 23:59:59', '2000-02-29', '2000-02-29',
   '-3 mons', 0.01, null, null, null, null, null, null, null)`;

let handle: Extract<DatabaseHandle, { kind: 'pglite' }>;
let stock: PGlite;
beforeAll(async () => {
  const opened = await openDatabase({});
  if (opened.kind !== 'pglite') throw new Error('expected the embedded database');
  handle = opened;
  stock = await PGlite.create();
  for (const db of [handle.client, stock]) {
    await db.exec(DDL);
    await db.exec(ROWS);
  }
});
afterAll(async () => {
  await handle?.close();
  await stock?.close();
});

const selectAll = sql`select * from moments order by id`;

describe('the embedded database (PGlite) read by drizzle and by raw SQL', () => {
  it('gives drizzle the same values as stock PGlite, typed selects and raw statements, in and out of transactions', async () => {
    const ours = drizzle(leanDrizzleClient(handle.client));
    const theirs = drizzle(stock);
    const typed = (db: typeof ours) => db.select().from(moments).orderBy(moments.id);
    const expected = await typed(theirs);
    expect(expected[0]?.at).toBeInstanceOf(Date);
    expect(expected[0]?.atString).toMatch(/^2026-01-01 00:00:00/);
    expect(await typed(ours)).toEqual(expected);
    expect((await ours.execute(selectAll)).rows).toEqual((await theirs.execute(selectAll)).rows);
    expect(await ours.transaction((tx) => typed(tx as unknown as typeof ours))).toEqual(expected);
    const inTx = await ours.transaction((tx) => tx.execute(selectAll));
    expect(inTx.rows).toEqual((await theirs.execute(selectAll)).rows);
    // What drizzle is handed inside a transaction is still that transaction: it reads as open, then as closed.
    let given: { closed: boolean } | undefined;
    await leanDrizzleClient(handle.client).transaction(async (tx) => {
      given = tx;
      expect(tx.closed).toBe(false);
    });
    expect(given?.closed).toBe(true);
  });

  it('gives the raw SQL runner the same values as stock PGlite (dates as Date, arrays, json, int8)', async () => {
    const expected = (await stock.query('select * from moments order by id')).rows;
    expect((expected[0] as { at: unknown }).at).toBeInstanceOf(Date);
    expect((await handle.sql.query('select * from moments order by id')).rows).toEqual(expected);
    const inTx = await handle.client.transaction((tx) =>
      pgliteRunner(handle.client, tx).query('select * from moments order by id'),
    );
    expect(inTx.rows).toEqual(expected);
  });

  it('sends drizzle’s queries without a parser table (no per-query copy)', async () => {
    const ours = drizzle(leanDrizzleClient(handle.client));
    const query = vi.spyOn(handle.client, 'query');
    try {
      await ours.select().from(moments);
      await ours.execute(selectAll);
      await ours
        .select()
        .from(moments)
        .where(sql`${moments.id} = ${sql.placeholder('id')}`)
        .prepare('one')
        .execute({ id: 1 });
      expect(query).toHaveBeenCalledTimes(3);
      for (const [, , options] of query.mock.calls) expect(options?.parsers).toBeUndefined();
      // The raw runner is the one that asks for PGlite's own parsers back.
      await handle.sql.query('select 1');
      expect(query.mock.calls[3]?.[2]?.parsers).toBeDefined();
    } finally {
      query.mockRestore();
    }
  });
});
