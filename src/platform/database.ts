// The raw SQL client every server tier shares: embedded PGlite by default, PostgreSQL when DATABASE_URL is set.
// Both answer `query(sql, params) -> { rows }`, so the tiers write plain parameterised SQL or wrap it in drizzle.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { plansOf } from './pglite-plans.ts';

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
  /** An in-memory embedded database starts as this dumped data directory (tests' templates: test-templates.ts). */
  loadDataDir?: Blob;
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
  // Migration 0019 creates pg_trgm and a trigram index (0021 replaces the index): a new database needs the extension
  // loaded to migrate, and an instance opening one made before 0021 needs it to open the index.
  const extensions = { pg_trgm };
  if (opts.dataDir) {
    const dir = resolve(opts.dataDir, 'pglite');
    mkdirSync(join(dir, '..'), { recursive: true });
    client = await PGlite.create(dir, { extensions });
  } else {
    client = await PGlite.create(opts.loadDataDir ? { loadDataDir: opts.loadDataDir, extensions } : { extensions });
  }
  ownParsersOf.set(client, readAsText(client));
  return { kind: 'pglite', client, sql: pgliteRunner(client), close: () => client.close() };
}

const ownParsersOf = new WeakMap<PGlite, QueryOptions>();

/** Raw SQL on an embedded database opened here (or on one of its transactions, `on`), read as PGlite reads it. */
export function pgliteRunner(client: PGlite, on: Queryable = client): SqlRunner {
  const own = ownParsersOf.get(client);
  return { query: (text, params) => on.query(text, params, own) } as SqlRunner;
}

/**
 * The types drizzle's PGlite driver reads as text, through a `parsers` option on every query: timestamp,
 * timestamptz, interval and date, with numeric[], timestamp[], timestamptz[], interval[] and date[].
 */
const DRIZZLE_TEXT_TYPES: readonly number[] = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE];
/** drizzle's text array types, each with its element type (PGlite parses an array's elements by the element's type). */
const DRIZZLE_TEXT_ARRAYS: ReadonlyArray<readonly [array: number, element: number]> = [
  [1231, types.NUMERIC],
  [1115, types.TIMESTAMP],
  [1185, types.TIMESTAMPTZ],
  [1187, types.INTERVAL],
  [1182, types.DATE],
];
const drizzleTextType = new Set([...DRIZZLE_TEXT_TYPES, ...DRIZZLE_TEXT_ARRAYS.map(([array]) => array)].map(String));
const asText = (value: string) => value;

/**
 * Given a `parsers` option, PGlite copies its whole parser table (over 300 types) into a new object on every query:
 * about 80 µs per drizzle query, more than the query itself on a small read (issue 17). So the instance reads
 * drizzle's types as text once and for all, drizzle's queries go without the option (`leanDrizzleClient`), and the
 * raw SQL runner asks for PGlite's own parsers back for those types: what each side reads is what it read before.
 * Returns the options that give them back.
 */
function readAsText(client: PGlite): QueryOptions {
  const own: NonNullable<QueryOptions['parsers']> = {};
  const parsers = client.parsers;
  for (const type of DRIZZLE_TEXT_TYPES) {
    const parser = parsers[type];
    if (parser) own[type] = parser;
  }
  // PGlite's own array parsers look their element's parser up in the instance table when they run, so the raw
  // runner's are bound to the element parsers it had.
  for (const [array, element] of DRIZZLE_TEXT_ARRAYS) {
    const parseElement = own[element] ?? parsers[element] ?? asText;
    own[array] = (value: string) => types.arrayParser(value, parseElement, array);
  }
  for (const type of drizzleTextType) parsers[Number(type)] = asText;
  return { parsers: own };
}

/** Each prepared drizzle query keeps its options object, so the verdict is kept per object. */
const seenParsers = new WeakMap<object, boolean>();

/** drizzle's own text parsers, recognised by their types: the instance already reads those as text. */
function isDrizzlesTextParsers(parsers: QueryOptions['parsers']): boolean {
  if (!parsers) return false;
  let verdict = seenParsers.get(parsers);
  if (verdict === undefined) {
    const names = Object.keys(parsers);
    verdict = names.length === drizzleTextType.size && names.every((name) => drizzleTextType.has(name));
    seenParsers.set(parsers, verdict);
  }
  return verdict;
}

function lean(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options || !isDrizzlesTextParsers(options.parsers)) return options;
  const { parsers: _same, ...rest } = options;
  return rest;
}

type Queryable = Pick<PGlite | Transaction, 'query'>;
const leanQueries = (client: Queryable) => ({
  query: <T>(text: string, params?: unknown[], options?: QueryOptions) => client.query<T>(text, params, lean(options)),
});

/**
 * The PGlite client drizzle is given (createDb): the same database, its queries without the per-query parser copy,
 * its reads outside transactions through plans kept by the engine (pglite-plans.ts).
 * Anything else drizzle would ask of the client fails loudly rather than bypassing the wrapper.
 */
export function leanDrizzleClient(client: PGlite): PGlite {
  const plans = plansOf(client);
  return {
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) => plans.query<T>(text, params, lean(options)),
    transaction: <T>(work: (tx: Transaction) => Promise<T>) =>
      // The transaction itself underneath (its `closed` stays a live getter), only its `query` made lean.
      client.transaction((tx) => work(Object.assign(Object.create(tx) as Transaction, leanQueries(tx)))),
  } as unknown as PGlite;
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
