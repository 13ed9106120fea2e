// The benches' databases, set up one way for all of them: the engines a run asks for, the PostgreSQL server beside
// which a bench keeps its own database, and the seeded demo — kept between runs (a million holders take minutes
// to seed) or scratch for one run. A bench only says how big and under which name.

import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../../src/platform/config.ts';
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from '../../src/platform/database.ts';
import { type FreshDatabase, freshDatabase } from '../../src/platform/test-database.ts';
import { prepareProviderData } from '../../src/provider/bootstrap.ts';
import { type Db, schema } from '../../src/provider/db/client.ts';
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

/**
 * A new database `database` on `server`, dropped first if a killed run left it (it carries a bench's name, so it is
 * never someone's data); `drop` removes it at the end.
 */
export async function scratchPostgres(
  database: string,
  server = PG_SERVER,
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: server });
  // Held for the whole run: a server that drops it meanwhile must not bring the bench down with it.
  admin.on('error', () => undefined);
  await admin.connect();
  const dropIt = () => admin.query(`drop database if exists ${database} with (force)`);
  await dropIt();
  await admin.query(`create database ${database}`);
  const url = new URL(server);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    drop: async () => {
      await dropIt();
      await admin.end();
    },
  };
}

/**
 * The product's own start-up data (prepareProviderData: migrations, stored keys, the demo seed) for the sides of a
 * comparison, which must hold the very same rows, sessions and keys: on PGlite one folder prepared, then copied once
 * per side (a folder belongs to one process); on PostgreSQL one scratch database, `database`, that every side reaches
 * by its own pool. `check` runs on the prepared database before it is closed; `cleanup` removes it all.
 */
export async function providerDataForSides<Side extends string, Checked = undefined>(
  engine: string,
  sides: readonly Side[],
  opts: {
    database: string;
    server?: string;
    config: Config;
    demoPassword: string;
    check?: (handle: DatabaseHandle) => Promise<Checked>;
  },
): Promise<{ options: Record<Side, DatabaseOptions>; checked: Checked; cleanup(): Promise<void> }> {
  const prepare = async (handle: DatabaseHandle) => {
    try {
      await prepareProviderData(handle, opts.config, {
        demoPassword: opts.demoPassword,
        log: { info() {}, warn() {} },
      });
      return (await opts.check?.(handle)) as Checked;
    } finally {
      await handle.close();
    }
  };
  const each = <T>(value: (side: Side) => T) =>
    Object.fromEntries(sides.map((side) => [side, value(side)])) as Record<Side, T>;
  if (engine === 'pglite') {
    const folder = mkdtempSync(join(tmpdir(), `${opts.database}-`));
    const seed = join(folder, 'seed');
    const checked = await prepare(await openDatabase({ dataDir: seed }));
    for (const side of sides) cpSync(seed, join(folder, side), { recursive: true });
    return {
      options: each((side) => ({ dataDir: join(folder, side) })),
      checked,
      cleanup: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  const scratch = await scratchPostgres(opts.database, opts.server);
  try {
    const checked = await prepare(await openDatabase({ databaseUrl: scratch.url }));
    return { options: each(() => ({ databaseUrl: scratch.url })), checked, cleanup: scratch.drop };
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}

/**
 * The kept demo of a million-holder bench (`.bench-data/<name>`, PostgreSQL `fidis_bench_<name>` unless `postgres`
 * names it) at `accounts` holders: a smaller run keeps its own, `_<accounts>` after the name. Its seed is printed.
 */
export function millionDemo(name: string, accounts: number, postgres = `fidis_bench_${name}`): KeptDemo {
  const sized = (base: string) => (accounts === 1_000_000 ? base : `${base}_${accounts}`);
  return { postgres: sized(postgres), pglite: sized(`.bench-data/${name}`), accounts, verbose: true };
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

/**
 * For each engine of the run (BENCH_ENGINES), in turn: a heading, the kept demo opened, `measure` run on it and the
 * database closed. An engine whose server does not answer is said and skipped.
 */
export async function eachEngine(
  kept: KeptDemo,
  measure: (engine: string, handle: DatabaseHandle) => Promise<void>,
  heading = (engine: string) => `${engine}: ${kept.accounts} holders`,
): Promise<void> {
  for (const engine of ENGINES) {
    console.info(`\n${heading(engine)}`);
    const handle = await keptDemo(engine, kept);
    if (!handle) continue;
    try {
      await measure(engine, handle);
    } finally {
      await handle.close();
    }
  }
}

export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * A drizzle instance on the raw client that keeps the statements it sends (`recorder.statements`, emptied by the
 * caller when it likes), so a service's own SQL can be explained.
 */
export function recordingDb(handle: DatabaseHandle): { db: Db; recorder: { statements: Statement[] } } {
  const recorder = {
    statements: [] as Statement[],
    logQuery(query: string, params: unknown[]) {
      recorder.statements.push({ sql: query, params });
    },
  };
  const options = { schema, logger: recorder };
  const db = (handle.kind === 'pglite'
    ? drizzlePglite(handle.client, options)
    : drizzleNodePg(handle.client, options)) as unknown as Db;
  return { db, recorder };
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
