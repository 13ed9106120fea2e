// One server of bench/provider.ts, in its own process: the bare baseline (bench/provider-bare.ts) or the provider's
// real app (buildProvider, as src/provider/start.ts builds it). Both open the database bench/provider.ts prepared
// (their own copy of the seeded PGlite folder, or the bench's PostgreSQL database); nothing is seeded here.
//
// Started with fork(): argv[2] is the role; BENCH_DB is {"dataDir": ...} or {"databaseUrl": ...}; BENCH_PROVIDER_LOG
// the provider's log level (info by default, as production: pino serialising every line, written to /dev/null).
// Over IPC it answers "cpu" with its own CPU time (user + system, µs) and "mark" with process.hrtime in µs (the
// clock of a --cpu-prof profile's timestamps, so bench/provider-profile-summary.ts can cut the load windows out), and
// "loop" with its event loop's delay since the last "loop" (bench/network.ts: whether slow answers waited for the
// process itself — a long task, a garbage collection — rather than for the database); with BENCH_TIME_SERVED=1 that
// answer also carries the provider's own time for each network authorization and /health answered meanwhile.
// bench/provider.ts also imports realProvider and jwtKeyOf, to run both apps in-process before timing; the server
// starts only when this file is the process's entry point.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type Config, testConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/database.ts';
import { loadMasterKey } from '../src/platform/master-key.ts';
import { buildProvider } from '../src/provider/app.ts';
import { createDb } from '../src/provider/db/client.ts';
import { loadSecret } from '../src/provider/services/secrets.ts';
import { buildBare } from './provider-bare.ts';
import { discardingLogStream } from './proxy-log.ts';
import { BENCH_DEMO } from './support/databases.ts';
import { percentile, sortedOf } from './support/figures.ts';
import type { ServerMessage } from './support/processes.ts';

export type ServerRole = 'bare' | 'provider';

const LOG_LEVEL = (process.env.BENCH_PROVIDER_LOG ?? 'info') as Config['LOG_LEVEL'];

export function benchConfig(): Config {
  return testConfig({ DEMO_PASSWORD: BENCH_DEMO.password, LOG_LEVEL });
}

/** The provider as start.ts builds it (logger on at the configured level), its log lines written to /dev/null. */
export function realProvider(db: Parameters<typeof buildProvider>[0]['db'], clock?: () => Date): FastifyInstance {
  const config = benchConfig();
  const logger = LOG_LEVEL === 'silent' ? false : { level: LOG_LEVEL, stream: discardingLogStream() };
  return buildProvider({ db, config, logger, ...(clock ? { clock } : {}) });
}

export async function jwtKeyOf(db: Parameters<typeof createDb>[0]): Promise<Buffer> {
  return loadSecret(createDb(db), 'jwt-signing-key', loadMasterKey(benchConfig()));
}

async function main() {
  const role = process.argv[2] as ServerRole;
  const send = (message: ServerMessage) => process.send?.(message);
  try {
    const db = await openDatabase(JSON.parse(process.env.BENCH_DB ?? '{}'));
    const app = role === 'provider' ? realProvider(db) : await buildBare({ handle: db, jwtKey: await jwtKeyOf(db) });
    // The provider's own time for the card network's calls (and the /health floor), so a bench can tell the time
    // spent in this process from the time the machine and the load process add around it. Only where asked
    // (bench/network.ts): bench/provider.ts weighs every read's CPU against the bare server's, with no hook of ours.
    let served: number[] = [];
    if (process.env.BENCH_TIME_SERVED === '1') {
      app.addHook('onResponse', async (request, reply) => {
        const url = request.url;
        if (url === '/v1/network/authorizations' || url === '/health') served.push(reply.elapsedTime);
      });
    }
    send({ ready: await app.listen({ host: '127.0.0.1', port: 0 }) });
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const msOf = (ns: number) => ns / 1e6;
    process.on('message', (message) => {
      if (message === 'loop') {
        const times = sortedOf(served);
        served = [];
        send({
          loop: {
            p50: msOf(loop.percentile(50)),
            p99: msOf(loop.percentile(99)),
            max: msOf(loop.max),
            served: {
              count: times.length,
              p50: percentile(times, 0.5),
              p99: percentile(times, 0.99),
              max: times.at(-1) ?? 0,
            },
          },
        });
        loop.reset();
      }
      if (message === 'cpu') {
        const used = process.cpuUsage();
        send({ cpuUs: used.user + used.system });
      } else if (message === 'mark') {
        send({ markUs: Number(process.hrtime.bigint() / 1000n) });
      }
    });
    process.on('disconnect', () => {
      app.server.closeAllConnections();
      app
        .close()
        .then(() => db.close())
        .finally(() => process.exit(0));
    });
  } catch (error) {
    send({ error: `${role}: ${(error as Error).stack ?? error}` });
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
