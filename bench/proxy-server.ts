// One server of bench/proxy.ts, in its own process as in production: the provider (seeded, embedded PGlite), the
// plain unencrypted @fastify/http-proxy, or the fidis BFF (its own embedded store, as `npm run start:bff` keeps its
// own). Each process answers "cpu" with its own CPU time, so the bench can charge each hop exactly what it spent.
//
// Started by bench/proxy.ts with fork(): argv[2] is the role, argv[3] the upstream URL for the two proxies. Only
// types may be imported from here: importing the module starts a server.
import httpProxy from '@fastify/http-proxy';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildBff } from '../src/bff/app.ts';
import { testConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/database.ts';
import { buildProvider } from '../src/provider/app.ts';
import { prepareProviderData } from '../src/provider/bootstrap.ts';
import { discardingLogStream } from './proxy-log.ts';

export type ServerRole = 'provider' | 'plain' | 'bff';
export type ServerMessage = { ready: string } | { cpuUs: number } | { error: string };

const BENCH_PASSWORD = process.env.BENCH_DEMO_PASSWORD ?? 'Bench-senha-2026';
const LOG_LEVEL = (process.env.BENCH_LOG_LEVEL ?? 'info') as 'info';
const config = testConfig({ DEMO_PASSWORD: BENCH_PASSWORD, LOG_LEVEL });
// Both proxies log alike: same level, same redaction, serialised and written synchronously to /dev/null.
const logStream = discardingLogStream();
const redact = { paths: ['req.headers.authorization', 'req.headers["x-authentication"]'], censor: '[redacted]' };

async function start(
  role: ServerRole,
  upstream: string,
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  if (role === 'plain') {
    const app = Fastify({ logger: { level: LOG_LEVEL, redact, stream: logStream } });
    await app.register(httpProxy, { upstream });
    return { app, close: () => app.close() };
  }
  const db = await openDatabase({});
  if (role === 'provider') {
    const app = buildProvider({ db, config });
    await prepareProviderData(db, config, { demoPassword: BENCH_PASSWORD, log: { info() {}, warn() {} } });
    return {
      app,
      close: async () => {
        // Sockets the proxies kept alive would otherwise hold the provider open until its keep-alive timeout.
        app.server.closeAllConnections();
        await app.close();
        await db.close();
      },
    };
  }
  const app = await buildBff({
    config,
    sql: db.sql,
    upstreams: { prod: upstream, sandbox: upstream },
    rateLimit: { devices: 1000, proxy: 1_000_000 },
    logger: { stream: logStream },
  });
  return {
    app,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

const send = (message: ServerMessage) => process.send?.(message);
const role = process.argv[2] as ServerRole;
try {
  const server = await start(role, process.argv[3] ?? '');
  send({ ready: await server.app.listen({ host: '127.0.0.1', port: 0 }) });
  process.on('message', (message) => {
    if (message !== 'cpu') return;
    const used = process.cpuUsage();
    send({ cpuUs: used.user + used.system });
  });
  process.on('disconnect', () => {
    server.close().finally(() => process.exit(0));
  });
} catch (error) {
  send({ error: `${role}: ${(error as Error).stack ?? error}` });
  process.exit(1);
}
