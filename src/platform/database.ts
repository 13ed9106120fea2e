// The raw SQL client every server tier shares: embedded PGlite by default, PostgreSQL when DATABASE_URL is set.
// Both answer `query(sql, params) -> { rows }`, so the tiers write plain parameterised SQL or wrap it in drizzle.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface SqlRunner {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export type DatabaseHandle =
  | { kind: 'pglite'; client: PGlite; sql: SqlRunner; close(): Promise<void> }
  | { kind: 'postgres'; client: pg.Pool; sql: SqlRunner; close(): Promise<void> };

export interface DatabaseOptions {
  /** PostgreSQL connection string; wins over dataDir. */
  databaseUrl?: string;
  /** Folder for the embedded database; omitted means in memory (tests). */
  dataDir?: string;
}

export async function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover, idle timeout) is an 'error' event on the pool; unheard,
    // it would crash the process. The pool drops that connection and opens a new one on the next query.
    pool.on('error', (err) => console.warn(`PostgreSQL encerrou uma conexão ociosa: ${err.message}`));
    await pool.query('select 1');
    return { kind: 'postgres', client: pool, sql: pool as unknown as SqlRunner, close: () => pool.end() };
  }
  let client: PGlite;
  if (opts.dataDir) {
    const dir = resolve(opts.dataDir, 'pglite');
    mkdirSync(join(dir, '..'), { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create();
  }
  return { kind: 'pglite', client, sql: client as unknown as SqlRunner, close: () => client.close() };
}

/**
 * Runs `work` while holding a PostgreSQL advisory lock named by `key`, so that several instances starting together
 * on one database (scale-out) do their start-up work one after the other. The lock lives on a connection of its
 * own, held until `work` settles; `work` may use the pool freely. An embedded database belongs to one process:
 * nothing to lock.
 */
export async function withStartupLock<T>(handle: DatabaseHandle, key: string, work: () => Promise<T>): Promise<T> {
  if (handle.kind === 'pglite') return work();
  const holder = await handle.client.connect();
  try {
    await holder.query('select pg_advisory_lock(hashtext($1))', [key]);
    try {
      return await work();
    } finally {
      await holder.query('select pg_advisory_unlock(hashtext($1))', [key]);
    }
  } finally {
    holder.release();
  }
}
