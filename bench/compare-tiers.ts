// One side of bench/compare.ts: the product of one checkout run as production runs it when the tiers are split,
// a provider process (`src/provider/start.ts`) and a BFF process (`src/bff/start.ts`), each started from that
// checkout's own code with node + tsx and an environment built here, identical for both sides but for ports and
// data. The processes are the product's, not forks of the bench: their CPU time is read from /proc/<pid>/stat.
//
// Storage: with PGlite an embedded folder belongs to one process, so each tier gets its own DATA_DIR (as
// `npm run start:bff` documents for one BFF instance); with PostgreSQL both tiers of a side share one database,
// created here and dropped on exit.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { request } from 'undici';

export type Engine = 'pglite' | 'postgres';

export interface TierSettings {
  engine: Engine;
  /** The PostgreSQL server's URL (any database on it): the side's own database is made beside it. */
  postgresUrl: string;
  demoPassword: string;
}

export interface Tier {
  name: 'provider' | 'bff';
  url: string;
  child: ChildProcess;
  /** The last lines it wrote to stderr, to say why it died. */
  stderr: () => string;
}

export interface Side {
  label: string;
  dir: string;
  provider: Tier;
  bff: Tier;
  /** Stops both processes and removes the side's data (folders or database). Safe to call twice. */
  stop: () => Promise<void>;
}

const READY_TIMEOUT_MS = 300_000;
// A fixed key for both sides: in the demo, a side without one would write its own DATA_DIR/master.key.
const MASTER_KEY = Buffer.alloc(32, 42).toString('base64');
// Both sides' environment, the same bar ports and data. Production's log level; the demo mode because production
// refuses PGlite and asks for SMTP. The rate limits are raised: at the default 3000 proxied calls a minute per
// address the load would measure 429s within a second.
const SHARED_ENV = {
  FIDIS_MODE: 'demo',
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
  FIDIS_MASTER_KEY: MASTER_KEY,
  RATE_LIMIT_PROXY: '1000000000',
  RATE_LIMIT_DEVICES: '1000000',
  RATE_LIMIT_SIGN_IN: '1000000',
};
// Settings the caller's shell may carry that would change one tier's behaviour: every setting fidis reads is set
// here or left unset, so both sides see only SHARED_ENV.
const FIDIS_SETTING =
  /^(FIDIS_|DATABASE_URL$|DATA_DIR$|PROVIDER_|PORT$|HOST$|DEMO_|SMTP_|MAIL_FROM$|CEP_API_URL$|PIX_|RSA_KEY_BITS$|REDIS_|RATE_LIMIT_|METRICS_TOKEN$|TRUST_PROXY$|STEP_UP_|INACTIVITY_|LOG_LEVEL$|SPA_DIR$|FORCE_BUILD$|NODE_ENV$)/;

function baseEnv(demoPassword: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!FIDIS_SETTING.test(key)) env[key] = value;
  return { ...env, ...SHARED_ENV, DEMO_PASSWORD: demoPassword };
}

/** A port free right now on loopback (the tiers are told their port: their stdout goes to /dev/null). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts one tier from `dir`: node with tsx resolved from that checkout, logs (stdout) to /dev/null. */
function spawnTier(name: Tier['name'], dir: string, env: NodeJS.ProcessEnv, port: number): Tier {
  const script = name === 'provider' ? 'src/provider/start.ts' : 'src/bff/start.ts';
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: dir,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let tail = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    tail = (tail + chunk).slice(-4000);
  });
  return { name, url: `http://127.0.0.1:${port}`, child, stderr: () => tail };
}

/** Waits until the tier answers /health with 200; a tier that exits first fails with its stderr. */
async function ready(tier: Tier, label: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (tier.child.exitCode !== null || tier.child.signalCode !== null) {
      throw new Error(
        `${label} ${tier.name} exited (${tier.child.exitCode ?? tier.child.signalCode}):\n${tier.stderr()}`,
      );
    }
    try {
      const res = await request(`${tier.url}/health`, { headersTimeout: 5000, bodyTimeout: 5000 });
      await res.body.dump();
      if (res.statusCode === 200) return;
    } catch {
      // Not listening yet (the provider seeds its database first).
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `${label} ${tier.name} did not answer /health within ${READY_TIMEOUT_MS / 1000} s:\n${tier.stderr()}`,
  );
}

/** SIGTERM (the tiers close their server and database on it), SIGKILL after 10 s. */
function stopTier(tier: Tier): Promise<void> {
  const { child } = tier;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function onPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The URL of `database` on the server of `serverUrl`. */
function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Where the side keeps its data; the returned function removes it. */
async function prepareStorage(
  label: string,
  settings: TierSettings,
): Promise<{ provider: NodeJS.ProcessEnv; bff: NodeJS.ProcessEnv; remove: () => Promise<void> }> {
  if (settings.engine === 'postgres') {
    const database = `bench_compare_${label}`;
    // A database left by a killed run is stale data, never someone's: it carries this bench's name.
    await onPostgres(settings.postgresUrl, async (c) => {
      await c.query(`drop database if exists ${database} with (force)`);
      await c.query(`create database ${database}`);
    });
    const url = databaseUrl(settings.postgresUrl, database);
    return {
      provider: { DATABASE_URL: url },
      bff: { DATABASE_URL: url },
      remove: () =>
        onPostgres(settings.postgresUrl, (c) => c.query(`drop database if exists ${database} with (force)`)).then(
          () => undefined,
        ),
    };
  }
  const folder = mkdtempSync(join(tmpdir(), `fidis-compare-data-${label}-`));
  return {
    provider: { DATA_DIR: join(folder, 'provider') },
    bff: { DATA_DIR: join(folder, 'bff') },
    remove: async () => rmSync(folder, { recursive: true, force: true }),
  };
}

/**
 * Starts one side: its storage, then its provider, then its BFF pointed at that provider. On a failure while
 * starting, whatever was started is stopped and removed before the error goes up.
 */
export async function startSide(label: string, dir: string, settings: TierSettings): Promise<Side> {
  const storage = await prepareStorage(label, settings);
  const env = baseEnv(settings.demoPassword);
  const tiers: Tier[] = [];
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= Promise.all(tiers.map(stopTier)).then(storage.remove);
    return stopped;
  };
  try {
    const providerPort = await freePort();
    const provider = spawnTier(
      'provider',
      dir,
      { ...env, ...storage.provider, PROVIDER_PORT: `${providerPort}` },
      providerPort,
    );
    tiers.push(provider);
    await ready(provider, label);
    const bffPort = await freePort();
    const bff = spawnTier(
      'bff',
      dir,
      { ...env, ...storage.bff, PORT: `${bffPort}`, PROVIDER_URL: provider.url },
      bffPort,
    );
    tiers.push(bff);
    await ready(bff, label);
    return { label, dir, provider, bff, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU time (user + system, all threads) a process has used so far, in µs; 10 ms resolution on most kernels. */
export function cpuMicros(tier: Tier): number {
  const pid = tier.child.pid;
  if (pid === undefined) return 0;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis start at field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1_000_000) / CLOCK_TICKS;
}
