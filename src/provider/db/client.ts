// Drizzle over whichever database the platform opened: one typed API for PGlite and PostgreSQL.

import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { type DatabaseHandle, leanDrizzleClient } from '../../platform/database.ts';
import { type AuditKeys, bindAuditKeys } from '../audit/keys.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type DbExecutor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

/** `keys`: what its audit rows and card events are chained with (decision 125); without them it cannot write any. */
export function createDb(handle: DatabaseHandle, keys?: AuditKeys): Db {
  const db =
    handle.kind === 'pglite'
      ? (drizzlePglite(leanDrizzleClient(handle.client), { schema }) as unknown as Db)
      : (drizzleNodePg(handle.client, { schema }) as unknown as Db);
  return keys ? bindAuditKeys(db, keys) : db;
}

export { schema };
