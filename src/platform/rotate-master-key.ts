// Rotation of the master key (decision 073): every stored secret is opened with the current key and sealed again
// with the next one, in one transaction, so the database never holds secrets under two keys. Values still in the
// clear (stored before decision 072 and not yet started since) are sealed on the way.
import { type DatabaseHandle, pgliteRunner, type SqlRunner } from './database.ts';
import { MasterKey, sealedLabel } from './master-key.ts';

/**
 * Every column that holds a sealed secret: table, the row's key column, the secret column, and the first part of
 * the label it is sealed under (the stores' `sealedLabel(label, row key)`), and how a value from before decision 072
 * is encoded in the clear.
 */
export const SEALED_COLUMNS = [
  { table: 'server_secrets', key: 'name', value: 'value', label: 'server_secrets', clear: 'base64' },
  { table: 'bff_keys', key: 'id', value: 'private_pkcs8', label: 'bff_keys', clear: 'base64' },
  { table: 'bff_secrets', key: 'name', value: 'value', label: 'bff_secrets', clear: 'base64' },
  {
    table: 'bff_device_sessions',
    key: 'device_id',
    value: 'cipher_aes',
    label: 'bff_device_sessions.cipher_aes',
    clear: 'utf8',
  },
  {
    table: 'bff_device_sessions',
    key: 'device_id',
    value: 'token_aes',
    label: 'bff_device_sessions.token_aes',
    clear: 'utf8',
  },
  // Each user's TOTP secret (decision 091), sealed as its base32 text.
  { table: 'second_factors', key: 'user_id', value: 'secret_sealed', label: 'second_factors', clear: 'utf8' },
] as const;

async function inTransaction<T>(handle: DatabaseHandle, work: (sql: SqlRunner) => Promise<T>): Promise<T> {
  if (handle.kind === 'pglite') {
    const db = handle.client;
    return db.transaction((tx) => work(pgliteRunner(db, tx)));
  }
  const client = await handle.client.connect();
  try {
    await client.query('begin');
    const result = await work(client as unknown as SqlRunner);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Re-seals every stored secret from `current` to `next`; returns how many. `also` runs in the same transaction, for
 * what else a tier keys with the master key (the provider's audit chain, decision 125). Nothing changes if any fails.
 */
export async function rotateMasterKey(
  handle: DatabaseHandle,
  current: MasterKey,
  next: MasterKey,
  also?: (sql: SqlRunner) => Promise<void>,
): Promise<number> {
  return inTransaction(handle, async (sql) => {
    let count = 0;
    for (const { table, key, value, label: prefix, clear } of SEALED_COLUMNS) {
      // A tier that never started on this database has no table yet: nothing of it to rotate.
      const { rows: exists } = await sql.query<{ found: string | null }>('select to_regclass($1) as found', [table]);
      if (!exists[0]?.found) continue;
      // for update: a first start sealing a clear value at the same moment waits for this transaction.
      const { rows } = await sql.query<{ k: string; v: string }>(
        `select ${key} as k, ${value} as v from ${table} order by ${key} for update`,
      );
      for (const row of rows) {
        const label = sealedLabel(prefix, row.k);
        const secret = MasterKey.isSealed(row.v) ? current.open(label, row.v) : Buffer.from(row.v, clear);
        await sql.query(`update ${table} set ${value} = $1 where ${key} = $2`, [next.seal(label, secret), row.k]);
        count += 1;
      }
    }
    await also?.(sql);
    return count;
  });
}
