// The server project's global set-up (vitest.config.ts): a scratch place and an id for the run's database
// templates (src/platform/test-templates.ts), removed at the end with the templates.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { RUN_DIR_VAR, RUN_ID_VAR, TEMPLATE_PREFIX } from '../../src/platform/test-templates.ts';

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

/** The engine of the database suites: PostgreSQL when DATABASE_URL names a server, PGlite otherwise. */
async function chooseEngine(): Promise<string | undefined> {
  return process.env.DATABASE_URL || undefined;
}

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
