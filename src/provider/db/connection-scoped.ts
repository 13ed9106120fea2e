// Statements built once and run inside whichever transaction is current (issue 30's authorization path, the
// provider's hottest write). A drizzle statement prepared on a transaction is bound to that transaction's connection,
// so prepared statements could not outlive one authorization, and building a statement is most of the path's own
// CPU (drizzle's SQL building and entity checks, bench/network-steps). Here one drizzle instance per engine talks
// to a forwarding client, and the transaction opened by `inTransaction` says, through AsyncLocalStorage, which
// connection (PostgreSQL) or which transaction (PGlite) its statements run on. On PostgreSQL a named statement is
// then parsed and planned once per connection; on both, its SQL is built once per process.
import { AsyncLocalStorage } from 'node:async_hooks';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Db } from './client.ts';
import * as schema from './schema.ts';

interface Queryable {
  query: (...args: never[]) => Promise<unknown>;
}

/** What createDb gives drizzle for PGlite (platform/database.ts leanDrizzleClient): its transactions are lean too. */
interface LeanPglite extends Queryable {
  transaction: <T>(work: (tx: Queryable) => Promise<T>) => Promise<T>;
}

const current = new AsyncLocalStorage<Queryable>();

const forwarding: Queryable & { transaction: () => never } = {
  query: (...args: never[]) => {
    const target = current.getStore();
    if (!target) throw new Error('a connection-scoped statement ran outside inTransaction');
    return target.query(...args);
  },
  transaction: () => {
    throw new Error('inTransaction opens the transaction; a scoped statement does not nest one');
  },
};

// Each engine's drizzle dialect maps its own answers (node-postgres and PGlite parse types differently).
const scopedPg = drizzleNodePg(forwarding as unknown as pg.Pool, { schema }) as unknown as Db;
const scopedPglite = drizzlePglite(forwarding as never, { schema }) as unknown as Db;

/**
 * Runs `work` in a transaction of `db`'s database. `scoped` is the engine's connection-scoped drizzle instance: what
 * it runs, and the statements prepared on it once (`preparedRead(…)(scoped)`, db/prepared.ts), run in this
 * transaction. A failure rolls back; a connection whose rollback failed too is dropped from the pool.
 */
export async function inTransaction<T>(db: Db, work: (scoped: Db) => Promise<T>): Promise<T> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof pg.Pool)) {
    return (client as LeanPglite).transaction((tx) => current.run(tx, () => work(scopedPglite)));
  }
  const connection = await client.connect();
  let broken = false;
  try {
    await connection.query('begin');
    const result = await current.run(connection, () => work(scopedPg));
    await connection.query('commit');
    return result;
  } catch (error) {
    await connection.query('rollback').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    connection.release(broken);
  }
}
