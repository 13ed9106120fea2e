// The one-process launcher: SPA + BFF on PORT, the provider on an internal loopback port, one database.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { buildBff } from './bff/app.ts';
import { connectRedis, type RedisLog, redisLocation } from './bff/replay-redis.ts';
import { PROFILE_LABELS } from './contracts/profiles.ts';
import { ConfigError, parseConfig } from './platform/config.ts';
import { openDatabase } from './platform/database.ts';
import { ensureSpaBuilt } from './platform/spa-build.ts';
import { buildProvider } from './provider/app.ts';
import { prepareProviderData } from './provider/bootstrap.ts';
import { PROFILE_OPERATORS } from './provider/demo-operators.ts';
import { scheduleHeadPublication } from './provider/jobs/audit-heads.ts';
import { scheduleInactivityDeactivation } from './provider/jobs/inactivity.ts';

const root = resolve(import.meta.dirname, '..');

async function main() {
  const config = parseConfig();
  const staticDir = resolve(root, config.SPA_DIR);
  const spa = await ensureSpaBuilt(root, staticDir, config.FORCE_BUILD);

  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const logger = { level: config.LOG_LEVEL };
  const closers: Array<() => Promise<unknown>> = [];

  const demo = config.FIDIS_MODE === 'demo';
  let upstream = config.PROVIDER_URL;
  let demoPassword: string | undefined;
  if (!upstream) {
    // Demo only: without DEMO_PASSWORD a fresh random password is set and printed at every start.
    if (demo) demoPassword = config.DEMO_PASSWORD ?? randomBytes(12).toString('base64url');
    const provider = buildProvider({ db, config, logger, requireCaller: true });
    await prepareProviderData(db, config, { demoPassword, log: provider.log });
    scheduleInactivityDeactivation(provider, db, config);
    scheduleHeadPublication(provider, db, config);
    upstream = await provider.listen({ host: '127.0.0.1', port: config.PROVIDER_PORT });
    closers.push(() => provider.close());
  }

  // Redis outages are logged through the BFF's logger once it exists.
  let redisLog: RedisLog = { warn: (o, m) => console.warn(m, o), info: (o, m) => console.info(m, o) };
  const redis = config.REDIS_URL
    ? await connectRedis(
        config.REDIS_URL,
        { warn: (o, m) => redisLog.warn(o, m), info: (o, m) => redisLog.info(o, m) },
        { keyPrefix: config.REDIS_KEY_PREFIX },
      )
    : undefined;
  const bff = await buildBff({
    config,
    sql: db.sql,
    upstreams: { prod: upstream, sandbox: config.PROVIDER_SANDBOX_URL ?? upstream },
    staticDir,
    logger,
    redis,
    rateLimit: { devices: config.RATE_LIMIT_DEVICES, proxy: config.RATE_LIMIT_PROXY },
    trustProxy: config.TRUST_PROXY,
  });
  redisLog = bff.log;
  await bff.listen({ host: config.HOST, port: config.PORT });
  closers.unshift(() => bff.close());
  if (redis) closers.push(() => redis.quit().catch(() => redis.disconnect()));
  closers.push(() => db.close());

  const address = bff.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const lines = [
    '',
    `  fidis está no ar: http://localhost:${port}`,
    demo
      ? '  modo: DEMONSTRAÇÃO (dados e logins de exemplo; para produção veja docs/operations.md)'
      : '  modo: produção',
    `  banco de dados: ${db.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${resolve(config.DATA_DIR)}`}`,
    `  provedor: ${config.PROVIDER_URL ? config.PROVIDER_URL : `embutido em ${upstream}`}`,
    demoPassword ? `  login de demonstração: ${config.DEMO_LOGIN}  senha: ${demoPassword}` : '',
    demoPassword
      ? `  outros perfis, mesma senha: ${PROFILE_OPERATORS.map((o) => `${o.login} (${PROFILE_LABELS[o.profile]})`).join(', ')}`
      : '',
    `  SPA: ${spa === 'built' ? 'compilado agora' : 'já compilado'}`,
    `  cache de replay e limites: ${config.REDIS_URL ? `Redis em ${redisLocation(config.REDIS_URL)}` : 'memória deste processo'}`,
    '',
  ];
  console.info(lines.filter((l) => l !== null).join('\n'));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`fidis: ${signal} recebido, encerrando`);
    for (const close of closers) await close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('fidis não pôde iniciar:', err);
  process.exit(1);
});
