// `npm run start:bff`: the BFF alone (scale-out). Needs PROVIDER_URL; the database comes from DATABASE_URL
// (PostgreSQL, shared by every instance) or DATA_DIR (embedded PGlite, one instance). With several instances,
// REDIS_URL shares the replay cache and the rate limits (docs/operations.md).
import { ConfigError, parseConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/database.ts';
import { buildBff } from './app.ts';
import { connectRedis, type RedisLog, redisLocation } from './replay-redis.ts';

async function main(): Promise<void> {
  const config = parseConfig(process.env, { role: 'bff' });
  if (!config.PROVIDER_URL) {
    console.error(
      'PROVIDER_URL é obrigatório para iniciar o BFF sozinho (ex.: PROVIDER_URL=http://127.0.0.1:4000 npm run start:bff).',
    );
    process.exit(1);
  }
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  // Until the app's logger exists, Redis outages go to the console.
  let log: RedisLog = { warn: (obj, msg) => console.warn(msg, obj), info: (obj, msg) => console.info(msg, obj) };
  const redis = config.REDIS_URL
    ? await connectRedis(
        config.REDIS_URL,
        { warn: (o, m) => log.warn(o, m), info: (o, m) => log.info(o, m) },
        { keyPrefix: config.REDIS_KEY_PREFIX },
      )
    : undefined;
  const app = await buildBff({
    config,
    sql: db.sql,
    upstreams: { prod: config.PROVIDER_URL, sandbox: config.PROVIDER_SANDBOX_URL ?? config.PROVIDER_URL },
    staticDir: config.SPA_DIR,
    redis,
    rateLimit: { devices: config.RATE_LIMIT_DEVICES, proxy: config.RATE_LIMIT_PROXY },
    trustProxy: config.TRUST_PROXY,
  });
  log = app.log;
  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => redis.disconnect());
    await db.close();
  });
  const shutdown = (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const shared = config.REDIS_URL ? `Redis em ${redisLocation(config.REDIS_URL)}` : 'memória deste processo';
  console.info(
    `fidis BFF ouvindo em ${address} (provedor: ${new URL(config.PROVIDER_URL).origin})\n` +
      `cache de replay e limites de requisição: ${shared}`,
  );
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('Falha ao iniciar o BFF:', err instanceof Error ? err.message : err);
  process.exit(1);
});
