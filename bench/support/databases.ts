// The benches' databases, set up one way for all of them: the engines a run asks for, the PostgreSQL server beside
// which a bench keeps its own database, and the seeded demo — kept between runs (a million holders take minutes
// to seed) or scratch for one run. A bench only says how big and under which name.

import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/platform/database.ts';
import { type FreshDatabase, freshDatabase } from '../../src/platform/test-database.ts';
import { migrate } from '../../src/provider/db/migrate.ts';
import { type SeedResult, seedDemo } from '../../src/provider/db/seed/seed.ts';

/** BENCH_PG_URL, the server the benches' PostgreSQL databases are made on. */
export const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** BENCH_ENGINES, comma-separated: pglite, postgres or both (the default). */
export const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
/** The demo operator every bench signs in as. */
export const BENCH_DEMO = { login: 'demo', password: 'Bench-senha-2026' } as const;

export const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

export async function postgresAnswers(url = PG_SERVER): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The URL of `database` on the bench server, created there when missing. */
export async function benchDatabaseUrl(database: string): Promise<string> {
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_SERVER);
  url.pathname = `/${database}`;
  return url.toString();
}

export interface KeptDemo {
  /** The PostgreSQL database (fidis_bench…) the demo is kept in. */
  postgres: string;
  /** The PGlite folder (.bench-data/…) the demo is kept in. */
  pglite: string;
  accounts: number;
  /** Prints the seed's progress (a big seed takes minutes). */
  verbose?: boolean;
}

/**
 * The seeded demo kept between runs, on `engine`: made by the first run (the seed is resumable), reused by the next.
 * Null when PostgreSQL is asked for and does not answer, so a bench can say so and go on with PGlite.
 */
export async function keptDemo(engine: string, kept: KeptDemo): Promise<DatabaseHandle | null> {
  let handle: DatabaseHandle;
  if (engine === 'postgres') {
    if (!(await postgresAnswers())) {
      console.info(`  postgres: ${PG_SERVER} does not answer; skipped`);
      return null;
    }
    handle = await openDatabase({ databaseUrl: await benchDatabaseUrl(kept.postgres) });
  } else {
    handle = await openDatabase({ dataDir: kept.pglite });
  }
  await migrate(handle);
  const started = performance.now();
  const seeded = await seedDemo(handle, {
    accounts: kept.accounts,
    demoLogin: BENCH_DEMO.login,
    demoPassword: BENCH_DEMO.password,
    ...(kept.verbose
      ? { onProgress: (m: string) => console.info(`  seed ${engine}: ${m} (${seconds(started)})`) }
      : {}),
  });
  report(engine, kept.accounts, seeded, started);
  return handle;
}

/** A new database with the demo of `accounts` holders, for one run only (dispose drops it). */
export async function scratchDemo(engine: string, accounts: number): Promise<FreshDatabase> {
  const fresh = await freshDatabase(engine === 'postgres' ? PG_SERVER : '');
  await migrate(fresh.handle);
  await seedDemo(fresh.handle, { accounts, demoLogin: BENCH_DEMO.login, demoPassword: BENCH_DEMO.password });
  return fresh;
}

function report(engine: string, accounts: number, seeded: SeedResult, started: number) {
  console.info(
    seeded.created
      ? `  seed ${engine}: ${accounts} holders in ${seconds(started)}`
      : `  ${engine}: reusing the seeded database`,
  );
}
