// The server project's global set-up (vitest.config.ts): which engine the database suites run on, and a scratch
// place for the run's database templates (src/platform/test-templates.ts), removed at the end.
//
// The engine: PostgreSQL, the production engine, wherever one answers — DATABASE_URL when set, else the machine's
// postgres://postgres@127.0.0.1:5432/test — and PGlite otherwise, so the README's `npm test` passes on a machine
// without a database server. FIDIS_TEST_ENGINE=pglite keeps PGlite; FIDIS_TEST_ENGINE=postgres refuses to fall back.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { RUN_DIR_VAR, RUN_ID_VAR, TEMPLATE_PREFIX } from '../../src/platform/test-templates.ts';

export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
/** A template left by a run that was killed is dropped by a later run once it is this old. */
const ORPHAN_AFTER_S = 6 * 3600;

export default async function setup() {
  const url = await chooseEngine();
  const runDir = mkdtempSync(join(tmpdir(), 'fidis-test-run-'));
  const runId = `${Math.floor(Date.now() / 1000).toString(36)}_${randomBytes(2).toString('hex')}`;
  process.env[RUN_DIR_VAR] = runDir;
  process.env[RUN_ID_VAR] = runId;
  if (url) await dropTemplates(url, (_, startedS) => Date.now() / 1000 - startedS > ORPHAN_AFTER_S);
  return async () => {
    rmSync(runDir, { recursive: true, force: true });
    if (url) await dropTemplates(url, (id) => id === runId);
  };
}

async function chooseEngine(): Promise<string | undefined> {
  const wanted = process.env.FIDIS_TEST_ENGINE;
  if (wanted === 'pglite') {
    delete process.env.DATABASE_URL;
    console.info('database suites on PGlite (FIDIS_TEST_ENGINE=pglite)');
    return undefined;
  }
  const url = process.env.DATABASE_URL || LOCAL_POSTGRES;
  if (await answers(url)) {
    process.env.DATABASE_URL = url;
    console.info(`database suites on PostgreSQL: ${redacted(url)}`);
    return url;
  }
  if (wanted === 'postgres' || process.env.DATABASE_URL) {
    throw new Error(`PostgreSQL at ${redacted(url)} does not answer, and the database suites were told to use it`);
  }
  console.info(`database suites on PGlite: no PostgreSQL answers at ${redacted(url)}`);
  return undefined;
}

export async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const redacted = (url: string) => url.replace(/\/\/[^@/]*@/, '//…@');

/** Drops the templates (fidis_template_<key>_<started>_<random>) whose run id and start the filter picks. */
async function dropTemplates(url: string, pick: (runId: string, startedS: number) => boolean): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ name: string }>(
      "select datname as name from pg_database where starts_with(datname, $1) and datname ~ '^[a-z0-9_]+$'",
      [TEMPLATE_PREFIX],
    );
    for (const { name } of rows) {
      const [started, random] = name.slice(TEMPLATE_PREFIX.length).split('_').slice(1);
      if (!started || !random || !pick(`${started}_${random}`, Number.parseInt(started, 36))) continue;
      await admin.query(`alter database ${name} with is_template false allow_connections true`);
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await admin.end();
  }
}
