// Kept plans on the embedded database (issue 17): a read through a plan must answer exactly what the ordinary query
// answers, whatever its values hold (quotes, backslashes, an injection attempt, Unicode, NULL), and the values it
// cannot write exactly, the statements it must not touch and a plan that is gone all take the ordinary way.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { leanDrizzleClient } from './database.ts';
import { plansOf } from './pglite-plans.ts';

const SETUP = `create table holders (id int primary key, name text not null, doc text, active boolean not null,
  balance numeric(12,2), seen_at timestamptz);
  insert into holders values
  (1, 'O''Brien', '123', true, 10.50, '2026-11-25 10:00+00'), (2, 'a\\b', null, false, null, null),
  (3, 'ação 😀', '456', true, 0, '2026-01-01 00:00+00'), (4, '', '789', true, 1, null)`;
const READ =
  'select id, name, doc, active, balance, seen_at from holders where name = $1 or doc = $2 or id = $3 order by id';

let db: PGlite;
let stock: PGlite;
beforeAll(async () => {
  db = await PGlite.create();
  stock = await PGlite.create();
  await db.exec(SETUP);
  await stock.exec(SETUP);
});
afterAll(async () => {
  await db?.close();
  await stock?.close();
});

describe('kept plans on the embedded database', () => {
  it('answers what the ordinary query answers, for values that try to leave their literal too', async () => {
    const plans = plansOf(db);
    const values: unknown[][] = [
      ["O'Brien", null, null],
      ['a\\b', '123', 0],
      ['ação 😀', null, 4n],
      ['', '789', 2],
      ["x'); drop table holders; --", "\\'; drop table holders; --", null],
      ["\\\\''", "E''", -1],
    ];
    for (const round of [1, 2]) {
      for (const params of values) {
        const expected = await stock.query(READ, params);
        const answered = await plans.query(READ, params, undefined);
        expect({ round, params, rows: answered.rows }).toEqual({ round, params, rows: expected.rows });
      }
    }
    expect((await db.query('select count(*)::int as n from holders')).rows).toEqual([{ n: 4 }]);
  });

  it('prepares a text once, even when its first calls arrive together, and runs it by EXECUTE after', async () => {
    const plans = plansOf(db);
    const exec = vi.spyOn(db, 'exec');
    const query = vi.spyOn(db, 'query');
    try {
      const text = 'select id from holders where doc = $1';
      await Promise.all([1, 2, 3, 4, 5].map(() => plans.query(text, ['123'], { rowMode: 'array' })));
      expect(exec.mock.calls.filter(([s]) => s.startsWith('prepare '))).toHaveLength(1);
      const sent = query.mock.calls.map(([s]) => s);
      expect(sent).toHaveLength(5);
      expect(sent.every((s) => /^execute fidis_plan_\d+\(E'123'\)$/.test(s))).toBe(true);
    } finally {
      exec.mockRestore();
      query.mockRestore();
    }
  });

  it('takes the ordinary way for values it cannot write exactly, for writes, and when the plan is gone', async () => {
    const plans = plansOf(db);
    const query = vi.spyOn(db, 'query');
    try {
      const at = new Date('2026-11-25T10:00:00Z');
      const byDate = 'select id from holders where seen_at = $1';
      expect((await plans.query(byDate, [at], undefined)).rows).toEqual((await stock.query(byDate, [at])).rows);
      await expect(plans.query('select id from holders where name = $1', ['a\0b'], undefined)).rejects.toThrow();
      await plans.query('update holders set doc = doc where id = $1', [1], undefined);
      expect(query.mock.calls.map(([s]) => s)).toEqual([
        byDate,
        'select id from holders where name = $1',
        'update holders set doc = doc where id = $1',
      ]);

      const text = 'select name from holders where id = $1';
      expect((await plans.query(text, [1], undefined)).rows).toEqual([{ name: "O'Brien" }]);
      await db.exec('deallocate all');
      expect((await plans.query(text, [3], undefined)).rows).toEqual([{ name: 'ação 😀' }]);
      expect((await plans.query(text, [4], undefined)).rows).toEqual([{ name: '' }]);
      expect(query.mock.calls.at(-1)?.[0]).toMatch(/^execute fidis_plan_\d+/);
    } finally {
      query.mockRestore();
    }
  });

  it('leaves a drizzle transaction’s reads as they are (a plan is the session’s, not the transaction’s)', async () => {
    const orm = drizzle(leanDrizzleClient(db));
    const query = vi.spyOn(db, 'query');
    try {
      await orm.execute(sql`select id from holders where id = ${1}`);
      await orm.execute(sql`select id from holders where id = ${1}`);
      const outside = query.mock.calls.length;
      const rows = await orm.transaction(async (tx) => {
        await tx.execute(sql`select id from holders where id = ${1}`);
        return (await tx.execute(sql`select id from holders where id = ${2}`)).rows;
      });
      expect(rows).toEqual([{ id: 2 }]);
      // The reads inside went to the transaction itself: none reached the session's query (where plans are run).
      expect(outside).toBe(2);
      expect(query.mock.calls).toHaveLength(2);
      expect(query.mock.calls.at(1)?.[0]).toMatch(/^execute fidis_plan_/);
    } finally {
      query.mockRestore();
    }
  });
});
