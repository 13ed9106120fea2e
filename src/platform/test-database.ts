// A fresh database for one test file: in-memory PGlite, or — when DATABASE_URL names a PostgreSQL server — a
// uniquely named database created on it (empty, or a copy of a template: test-templates.ts) and dropped afterwards,
// so the same tests run on both.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from './database.ts';

export interface FreshDatabase {
  handle: DatabaseHandle;
  /** Closes the handle (if the test has not already) and drops the database. */
  dispose(): Promise<void>;
}

export async function freshDatabase(serverUrl = process.env.DATABASE_URL, template?: string): Promise<FreshDatabase> {
  if (!serverUrl) {
    const handle = await openDatabase({});
    return { handle, dispose: () => handle.close().catch(() => undefined) };
  }
  const name = `fidis_test_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    handle,
    async dispose() {
      await handle.close().catch(() => undefined);
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
