// Drizzle over whichever database the platform opened: one typed API for PGlite and PostgreSQL.

import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { type DatabaseHandle, leanDrizzleClient } from '../../platform/database.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type DbExecutor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

export function createDb(handle: DatabaseHandle): Db {
  return handle.kind === 'pglite'
    ? (drizzlePglite(leanDrizzleClient(handle.client), { schema }) as unknown as Db)
    : (drizzleNodePg(handle.client, { schema }) as unknown as Db);
}

export { schema };
