// `npm run seed -- --accounts N`: migrates the configured database and fills it with demo data.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { parseConfig } from '../../../platform/config.ts';
import { openDatabase } from '../../../platform/database.ts';
import { migrate } from '../migrate.ts';
import { DEFAULT_DEMO_ACCOUNTS, seedDemo } from './seed.ts';

const { values } = parseArgs({ options: { accounts: { type: 'string' } } });
const accounts = values.accounts === undefined ? DEFAULT_DEMO_ACCOUNTS : Number(values.accounts);
if (!Number.isInteger(accounts) || accounts < 1) {
  console.error('--accounts precisa ser um número inteiro positivo');
  process.exit(2);
}
if (process.env.FIDIS_MODE === 'production') {
  // Demo companies, holders and operators with known passwords have no place in a production database.
  console.error('npm run seed só roda em FIDIS_MODE=demo: em produção use npm run companies:import e admin:create.');
  process.exit(2);
}
const config = parseConfig();
// Without DEMO_PASSWORD a random one is chosen and printed once, when the operator is created.
const demoPassword = config.DEMO_PASSWORD ?? randomBytes(12).toString('base64url');
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrate(handle);
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const result = await seedDemo(handle, {
    accounts,
    demoLogin: config.DEMO_LOGIN,
    demoPassword,
    onProgress: (message) => console.info(`${message} (${elapsed()})`),
  });
  if (!result.created) {
    console.info(`Nada a fazer: o operador ${config.DEMO_LOGIN} já existe (${handle.kind}).`);
  } else {
    for (const c of result.companies) console.info(`${c.corporateName} (${c.cnpj}): ${c.accounts} contas`);
    console.info(`Operador ${config.DEMO_LOGIN} (senha: ${demoPassword}) criado em ${elapsed()} (${handle.kind}).`);
  }
} finally {
  await handle.close();
}
