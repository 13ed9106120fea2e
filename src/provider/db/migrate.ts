// Applies the generated migrations on either database kind.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type { DatabaseHandle } from '../../platform/database.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any constant works; it only has to be the same for every provider instance. */
const MIGRATION_LOCK_KEY = 4_242_001;

/** The newest migration's time in drizzle's journal: drizzle applies every migration newer than the last applied. */
const newestMigration = (): number => {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(...journal.entries.map((e) => e.when));
};

/**
 * Whether every migration is applied, read without DDL: the provider's own role (decision 127) may not create
 * drizzle's schema, which drizzle's migrator asks for even when nothing is left to apply.
 */
async function upToDate(connection: pg.PoolClient): Promise<boolean> {
  const { rows: found } = await connection.query<{ t: string | null }>(
    "select to_regclass('drizzle.__drizzle_migrations')::text as t",
  );
  if (!found[0]?.t) return false;
  const { rows } = await connection.query<{ applied: string | null }>(
    'select max(created_at)::text as applied from drizzle.__drizzle_migrations',
  );
  const applied = rows[0]?.applied;
  return applied != null && Number(applied) >= newestMigration();
}

export class MigrationsPendingError extends Error {}

/**
 * `asRole`: the migrations run under that role (`SET ROLE`), so what they create belongs to the schema's owner
 * (`npm run db:roles`, decision 127) and not to whoever connected.
 */
export async function migrate(handle: DatabaseHandle, opts: { asRole?: string } = {}): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(drizzlePglite(handle.client), { migrationsFolder });
    return;
  }
  // Several instances may start together on one PostgreSQL: an advisory lock on a single connection
  // makes them apply the migrations one after the other instead of racing on the same DDL.
  const connection = await handle.client.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      if (opts.asRole) await connection.query(`set role "${opts.asRole.replaceAll('"', '""')}"`);
      else if (await upToDate(connection)) return;
      try {
        await migrateNodePg(drizzleNodePg(connection), { migrationsFolder });
      } catch (err) {
        if (
          (err as { cause?: { code?: string } }).cause?.code !== '42501' &&
          (err as { code?: string }).code !== '42501'
        )
          throw err;
        throw new MigrationsPendingError(
          'há migrações pendentes e o papel desta conexão não pode aplicá-las: rode `npm run db:roles` com o ' +
            'papel administrador do banco (docs/operations.md, "Database roles")',
        );
      }
    } finally {
      if (opts.asRole) await connection.query('reset role');
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    connection.release();
  }
}
