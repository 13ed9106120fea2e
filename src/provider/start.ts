// `npm run start:provider`: the provider alone, for scale-out behind the BFF.
import { randomBytes } from 'node:crypto';
import { ConfigError, parseConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/database.ts';
import { buildProvider } from './app.ts';
import { prepareProviderData } from './bootstrap.ts';
import { scheduleHeadPublication } from './jobs/audit-heads.ts';
import { scheduleInactivityDeactivation } from './jobs/inactivity.ts';

async function main() {
  const config = parseConfig(process.env, { role: 'provider' });
  const demo = config.FIDIS_MODE === 'demo';
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  // Demo only: without DEMO_PASSWORD a fresh random password is set and printed at every start.
  const demoPassword = demo ? (config.DEMO_PASSWORD ?? randomBytes(12).toString('base64url')) : undefined;
  const app = buildProvider({ db, config, logger: true, requireCaller: true });
  await prepareProviderData(db, config, { demoPassword, log: app.log });
  scheduleInactivityDeactivation(app, db, config);
  scheduleHeadPublication(app, db, config);
  const url = await app.listen({ host: config.PROVIDER_HOST, port: config.PROVIDER_PORT });
  console.info(`provedor fidis no ar: ${url} (${db.kind}), modo ${demo ? 'DEMONSTRAÇÃO' : 'produção'}`);
  if (demoPassword) console.info(`login de demonstração: ${config.DEMO_LOGIN}  senha: ${demoPassword}`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('o provedor não pôde iniciar:', err);
  process.exit(1);
});
