// A database built once per test run and copied for each test file: PostgreSQL's CREATE DATABASE … TEMPLATE, or
// PGlite's dumped data directory loaded into a new in-memory instance. The run (tests/setup/server-run.ts) names a
// folder and an id; the first worker to need a template builds it under a lock, every other one waits and copies.
// Outside such a run (a script, a bench) each call builds its own database, as a test file once did.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from './database.ts';
import { type FreshDatabase, freshDatabase } from './test-database.ts';

export interface TemplateRecipe {
  /** What the template holds and how it was asked for (rows, logins): part of its key. */
  label: string;
  /** Files and folders whose content decides what `build` writes: a change to any of them keys a new template. */
  sources: string[];
  build(handle: DatabaseHandle): Promise<void>;
}

/** The run's scratch folder and id, set by the test run's global set-up. */
export const RUN_DIR_VAR = 'FIDIS_TEST_RUN_DIR';
export const RUN_ID_VAR = 'FIDIS_TEST_RUN_ID';
export const TEMPLATE_PREFIX = 'fidis_template_';

/**
 * A new database holding what `recipe.build` writes, built once per run and per content of its sources: on the
 * PostgreSQL server at `serverUrl` (by default DATABASE_URL), or on PGlite when there is none ('' for PGlite).
 */
export async function databaseFromTemplate(
  recipe: TemplateRecipe,
  { serverUrl = process.env.DATABASE_URL }: { serverUrl?: string } = {},
): Promise<FreshDatabase> {
  const runDir = process.env[RUN_DIR_VAR];
  const runId = process.env[RUN_ID_VAR];
  if (!runDir || !runId) {
    const fresh = await freshDatabase(serverUrl);
    await recipe.build(fresh.handle);
    return fresh;
  }
  const key = keyOf(recipe);
  if (serverUrl) {
    const template = `${TEMPLATE_PREFIX}${key}_${runId}`;
    await once(template, () => buildOnServer(serverUrl, template, recipe));
    return freshDatabase(serverUrl, template);
  }
  const file = join(runDir, `${key}.tar`);
  const data = await once(file, () => buildDump(file, recipe));
  const handle = await openDatabase({ loadDataDir: new Blob([data as Uint8Array<ArrayBuffer>]) });
  return { handle, dispose: () => handle.close().catch(() => undefined) };
}

/** Each process checks for (or builds) a template once; its later test files go straight to the copy. */
const known = new Map<string, Promise<Buffer | undefined>>();
function once<T extends Buffer | undefined>(name: string, make: () => Promise<T>): Promise<T> {
  let pending = known.get(name);
  if (!pending) {
    pending = make();
    known.set(name, pending);
    pending.catch(() => known.delete(name));
  }
  return pending as Promise<T>;
}

const keys = new WeakMap<TemplateRecipe, string>();
function keyOf(recipe: TemplateRecipe): string {
  let key = keys.get(recipe);
  if (!key) {
    const hash = createHash('sha256').update(recipe.label);
    for (const file of recipe.sources.flatMap(filesUnder).sort()) hash.update(file).update(readFileSync(file));
    key = hash.digest('hex').slice(0, 12);
    keys.set(recipe, key);
  }
  return key;
}

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true, encoding: 'utf8' })
    .map((name) => join(path, name))
    .filter((file) => statSync(file).isFile() && !file.endsWith('.test.ts'));
}

/**
 * Builds the template on the server unless it is there. Workers of one run serialise on an advisory lock named by
 * the template; another run's templates carry its own id, so two runs on one server never share or wait.
 */
async function buildOnServer(serverUrl: string, template: string, recipe: TemplateRecipe): Promise<undefined> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    const { rows } = await admin.query<{ ready: boolean }>(
      'select datistemplate as ready from pg_database where datname = $1',
      [template],
    );
    if (rows[0]?.ready) return undefined;
    // A build that failed half-way left a database that never became a template: start again.
    if (rows[0]) await admin.query(`drop database ${template} with (force)`);
    await admin.query(`create database ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    try {
      await recipe.build(handle);
    } finally {
      await handle.close();
    }
    // No connection may be open to a template while it is copied; refusing them keeps a stray one out.
    await admin.query(`alter database ${template} with is_template true allow_connections false`);
    return undefined;
  } finally {
    await admin.end();
  }
}

const STALE_LOCK_MS = 5 * 60_000;

/** Builds the dump unless it is there; a lock folder beside it makes the other workers wait for the first. */
async function buildDump(file: string, recipe: TemplateRecipe): Promise<Buffer> {
  const lock = `${file}.lock`;
  for (;;) {
    try {
      return readFileSync(file);
    } catch {
      // not built yet
    }
    try {
      mkdirSync(lock);
    } catch {
      // A builder killed mid-way leaves its lock: past any build's time, the next worker takes over.
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > STALE_LOCK_MS)
        rmdirSync(lock);
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    try {
      const handle = await openDatabase({});
      try {
        await recipe.build(handle);
        if (handle.kind !== 'pglite') throw new Error('an embedded template needs PGlite');
        const dump = Buffer.from(await (await handle.client.dumpDataDir('none')).arrayBuffer());
        const partial = `${file}.${randomBytes(4).toString('hex')}`;
        writeFileSync(partial, dump);
        renameSync(partial, file);
        return dump;
      } finally {
        await handle.close();
      }
    } finally {
      rmdirSync(lock);
    }
  }
}
