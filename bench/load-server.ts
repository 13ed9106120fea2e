// The one-process product of bench/load.ts --engine=pglite: what `npm start` (src/main.ts) runs — the provider on a
// loopback port and the BFF on PORT, over one embedded PGlite database (a PGlite folder belongs to one process, so
// this topology cannot be split) — read from the same environment, minus the SPA (main.ts would build it with vite
// first; the load never asks for a page). Spawned with `node --import tsx bench/load-server.ts` and the env of
// src/main.ts (DATA_DIR, PORT, HOST, RATE_LIMIT_*, FIDIS_MASTER_KEY, DEMO_PASSWORD…); it prints nothing on success:
// bench/load.ts waits for GET /health.
import { buildBff } from '../src/bff/app.ts';
import { connectRedis } from '../src/bff/replay-redis.ts';
import { parseConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/database.ts';
import { buildProvider } from '../src/provider/app.ts';
import { prepareProviderData } from '../src/provider/bootstrap.ts';

const config = parseConfig();
const db = await openDatabase({ dataDir: config.DATA_DIR });
const logger = { level: config.LOG_LEVEL };
const provider = buildProvider({ db, config, logger });
// The bench seeded the folder already: this only runs the migrations and finds the demo operator, as main.ts does.
await prepareProviderData(db, config, { demoPassword: config.DEMO_PASSWORD, log: provider.log });
const upstream = await provider.listen({ host: '127.0.0.1', port: 0 });
// As main.ts: with REDIS_URL the replay cache and the rate-limit counters live in Redis.
const redisLog = { warn: (o: object, m: string) => console.warn(m, o), info: () => undefined };
const redis = config.REDIS_URL
  ? await connectRedis(config.REDIS_URL, redisLog, { keyPrefix: config.REDIS_KEY_PREFIX })
  : undefined;
const bff = await buildBff({
  config,
  redis,
  sql: db.sql,
  upstreams: { prod: upstream, sandbox: upstream },
  logger,
  rateLimit: { devices: config.RATE_LIMIT_DEVICES, proxy: config.RATE_LIMIT_PROXY },
  trustProxy: config.TRUST_PROXY,
});
await bff.listen({ host: config.HOST, port: config.PORT });

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await bff.close().catch(() => undefined);
  await redis?.quit().catch(() => redis.disconnect());
  provider.server.closeAllConnections();
  await provider.close().catch(() => undefined);
  await db.close().catch(() => undefined);
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
