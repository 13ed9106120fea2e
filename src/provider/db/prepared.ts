// Hot reads built once per database handle (issue 17). Drizzle builds a query's SQL text from its builder on every
// call, walking every column and condition; on the provider's busiest reads that cost more CPU than PostgreSQL spent
// answering them. A prepared query keeps the text, and on PostgreSQL a named statement is also parsed and planned
// once per pooled connection instead of once per call.
//
// A prepared query runs on the executor it was built from: built from the database it uses the pool, built from a
// transaction it runs inside that transaction. So each is kept per executor (a WeakMap: a transaction's copy goes
// with the transaction), and a read inside a transaction is never sent outside it.
import type { DbExecutor } from './client.ts';
import { installRowMapper } from './row-mapper.ts';

/** The named statement of every prepared read starts with this, so it shows as ours in pg_prepared_statements. */
const PREFIX = 'fidis_';

/**
 * `build(db, name)` prepares the read on `db` (call `.prepare(name)` on the builder, with `sql.placeholder(...)` for
 * its inputs); the function returned hands back the one prepared for that executor, building it on first use.
 */
export function preparedRead<P>(name: string, build: (db: DbExecutor, name: string) => P): (db: DbExecutor) => P {
  const byExecutor = new WeakMap<DbExecutor, P>();
  const statement = `${PREFIX}${name}`;
  return (db) => {
    let query = byExecutor.get(db);
    if (query === undefined) {
      query = build(db, statement);
      // Its rows mapped by a loop compiled now rather than drizzle's per-row walk of the fields (row-mapper.ts).
      installRowMapper(query);
      byExecutor.set(db, query);
    }
    return query;
  };
}
