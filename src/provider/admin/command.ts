// What the operator commands share: the configuration (as strict as the provider's own start, production checks
// included), the database with its migrations applied first, and one way to end — a pt-BR reason and an exit code.

import type { Config } from '../../platform/config.ts';
import { ConfigError, parseConfig } from '../../platform/config.ts';
import { type DatabaseHandle, openDatabase, withStartupLock } from '../../platform/database.ts';
import { loadMasterKey } from '../../platform/master-key.ts';
import { type AuditKeys, auditKeys } from '../audit/keys.ts';
import { migrateAndAdopt } from '../bootstrap.ts';
import { createDb, type Db } from '../db/client.ts';
import { AdminError } from './admin-error.ts';

export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
}

export const consoleIo: CommandIo = { out: (l) => console.info(l), err: (l) => console.error(l) };

export interface CommandContext {
  config: Config;
  /** Writes its audit rows with `keys` (decision 125). */
  db: Db;
  keys: AuditKeys;
  io: CommandIo;
}

export interface CommandOptions {
  env: Record<string, string | undefined>;
  io: CommandIo;
  /** Tests hand in their database; otherwise DATABASE_URL or DATA_DIR decides, as for the provider. */
  open?: (config: Config) => Promise<DatabaseHandle>;
}

/** Exit codes: 0 done, 1 refused (configuration, data), 2 bad arguments. */
export async function runCommand(opts: CommandOptions, work: (ctx: CommandContext) => Promise<void>): Promise<number> {
  let handle: DatabaseHandle | undefined;
  try {
    const config = parseConfig(opts.env, { role: 'provider' });
    handle = await (opts.open ?? ((c) => openDatabase({ databaseUrl: c.DATABASE_URL, dataDir: c.DATA_DIR })))(config);
    const opened = handle;
    await withStartupLock(opened, 'fidis:provider:start-up', () => migrateAndAdopt(opened, config));
    const keys = auditKeys(loadMasterKey(config));
    await work({ config, db: createDb(opened, keys), keys, io: opts.io });
    return 0;
  } catch (err) {
    if (err instanceof ConfigError || err instanceof AdminError) {
      opts.io.err(err.message);
      return 1;
    }
    throw err;
  } finally {
    if (handle && !opts.open) await handle.close();
  }
}
