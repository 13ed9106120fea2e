// `npm run start:bff`: the BFF alone (scale-out). Needs PROVIDER_URL; the database comes from DATABASE_URL
// (PostgreSQL, shared by every instance) or DATA_DIR (embedded PGlite, one instance).
import { ConfigError, parseConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/database.ts';
import { buildBff } from './app.ts';

async function main(): Promise<void> {
  const config = parseConfig();
  if (!config.PROVIDER_URL) {
    console.error(
      'PROVIDER_URL é obrigatório para iniciar o BFF sozinho (ex.: PROVIDER_URL=http://127.0.0.1:4000 npm run start:bff).',
    );
    process.exit(1);
  }
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const app = await buildBff({
    config,
    sql: db.sql,
    upstreams: { prod: config.PROVIDER_URL, sandbox: config.PROVIDER_SANDBOX_URL ?? config.PROVIDER_URL },
    staticDir: config.SPA_DIR,
  });
  app.addHook('onClose', async () => db.close());
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
  console.info(`fidis BFF ouvindo em ${address} (provider: ${new URL(config.PROVIDER_URL).origin})`);
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('Falha ao iniciar o BFF:', err instanceof Error ? err.message : err);
  process.exit(1);
});
