// Brings a provider database to a usable state: migrations, demo data on first start, the demo operator's
// password, and the welcome e-mail of the operator seeded on a temporary password.
import type { Config } from '../platform/config.ts';
import { type DatabaseHandle, withStartupLock } from '../platform/database.ts';
import { createDb } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { ensureDemoOperator, type SeedResult, seedDemo } from './db/seed.ts';
import { createMailer, type MailLog } from './mail/mailer.ts';
import { temporaryPasswordMail } from './mail/templates.ts';

export async function prepareProviderData(
  handle: DatabaseHandle,
  config: Config,
  opts: { demoPassword: string; log: MailLog & { warn(obj: object, msg: string): void } },
): Promise<SeedResult> {
  // Two providers started together on an empty PostgreSQL would otherwise both migrate and both seed: the second
  // waits here, then finds the demo operator (the seed's last write) and leaves the data alone.
  const seeded = await withStartupLock(handle, 'fidis:provider:start-up', async () => {
    await migrate(handle);
    const result = await seedDemo(handle, { demoLogin: config.DEMO_LOGIN, demoPassword: opts.demoPassword });
    await ensureDemoOperator(handle, { demoLogin: config.DEMO_LOGIN, demoPassword: opts.demoPassword });
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
