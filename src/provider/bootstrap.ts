// Brings a provider database to a usable state. Always: the migrations. In the demo only: the demo data on first
// start, the demo operator's password, and the welcome e-mail of the operators seeded on a temporary password.
// Production seeds nothing and never touches a user: its companies and first administrators come from the
// commands in src/provider/admin (docs/operations.md).
import type { Config } from '../platform/config.ts';
import { type DatabaseHandle, withStartupLock } from '../platform/database.ts';
import { loadMasterKey, type MasterKeySource } from '../platform/master-key.ts';
import { adoptLegacyRows } from './audit/adopt.ts';
import { auditKeys } from './audit/keys.ts';
import { createDb } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { ensureDemoOperator, type SeedResult, seedDemo } from './db/seed/seed.ts';
import { createMailer, type MailLog } from './mail/mailer.ts';
import { temporaryPasswordMail } from './mail/templates.ts';

const START_UP_LOCK = 'fidis:provider:start-up';

/**
 * The migrations, then the rows an upgrade left outside the keyed audit chain linked into it (decision 125): only a
 * process with the master key can, so it happens here rather than in the migration.
 */
export async function migrateAndAdopt(handle: DatabaseHandle, config: MasterKeySource): Promise<void> {
  await migrate(handle);
  await adoptLegacyRows(createDb(handle, auditKeys(loadMasterKey(config))));
}

/** The demo's seed result, or null in production, where nothing is seeded. */
export async function prepareProviderData(
  handle: DatabaseHandle,
  config: Config,
  opts: { demoPassword?: string; log: MailLog & { warn(obj: object, msg: string): void } },
): Promise<SeedResult | null> {
  if (config.FIDIS_MODE === 'production') {
    if (opts.demoPassword !== undefined) throw new Error('produção não usa senha de demonstração');
    await withStartupLock(handle, START_UP_LOCK, () => migrateAndAdopt(handle, config));
    return null;
  }
  const { demoPassword } = opts;
  if (demoPassword === undefined)
    throw new Error('a demonstração precisa de uma senha de demonstração (DEMO_PASSWORD)');
  // Two providers started together on an empty PostgreSQL would otherwise both migrate and both seed: the second
  // waits here, then finds the demo operator (the seed's last write) and leaves the data alone.
  const seeded = await withStartupLock(handle, START_UP_LOCK, async () => {
    await migrateAndAdopt(handle, config);
    const result = await seedDemo(handle, { demoLogin: config.DEMO_LOGIN, demoPassword });
    await ensureDemoOperator(handle, { demoLogin: config.DEMO_LOGIN, demoPassword });
    return result;
  });
  const mailer = createMailer(config, createDb(handle), opts.log, () => new Date());
  for (const n of seeded.newcomers) {
    // A mail server that is down must not stop start-up: the operator can still recover the password by code.
    await mailer
      .send(temporaryPasswordMail(n.email, n.name, n.login, n.temporaryPassword))
      .catch((err: unknown) => opts.log.warn({ err }, 'não foi possível enviar a senha temporária'));
  }
  return seeded;
}
