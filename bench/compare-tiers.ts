// One side of bench/compare.ts: the product of one checkout run as production runs it when the tiers are split,
// a provider process (`src/provider/start.ts`) and a BFF process (`src/bff/start.ts`), each started from that
// checkout's own code with node + tsx and an environment built here, identical for both sides but for ports and
// data. The processes are the product's, not forks of the bench: their CPU time is read from /proc/<pid>/stat.
//
// Storage: with PGlite an embedded folder belongs to one process, so each tier gets its own DATA_DIR (as
// `npm run start:bff` documents for one BFF instance); with PostgreSQL both tiers of a side share one database,
// created here and dropped on exit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CALLER_KEY_HEADER, callerKeyOf } from '../src/platform/caller-key.ts';
import { MasterKey } from '../src/platform/master-key.ts';
import { scratchPostgres } from './support/databases.ts';
import { cpuOfPid, freePort, healthy, type Spawned, spawnEntry, stopProcess } from './support/processes.ts';

export type Engine = 'pglite' | 'postgres';

export interface TierSettings {
  engine: Engine;
  /** The PostgreSQL server's URL (any database on it): the side's own database is made beside it. */
  postgresUrl: string;
  demoPassword: string;
}

/** A tier's process: its name is the side's label and 'provider' or 'bff'. */
export type Tier = Spawned;

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
/**
 * What the bench adds to a call it makes to a provider itself (the demo user's sign-in): the key the deployment's
 * BFF proves itself with (decision 129), derived from the sides' master key, since a started provider answers only it.
 */
export const PROVIDER_CALLER = { [CALLER_KEY_HEADER]: callerKeyOf(MasterKey.fromBase64(MASTER_KEY)) };
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

/** Starts one tier from `dir`, node with tsx resolved from that checkout; resolves once it answers /health. */
async function startTier(
  label: string,
  name: 'provider' | 'bff',
  dir: string,
  env: NodeJS.ProcessEnv,
  port: number,
  tiers: Tier[],
): Promise<Tier> {
  const entry = name === 'provider' ? 'src/provider/start.ts' : 'src/bff/start.ts';
  const tier = spawnEntry(`${label} ${name}`, entry, { cwd: dir, env, port });
  tiers.push(tier);
  await healthy(tier, READY_TIMEOUT_MS);
  return tier;
}

/** Where the side keeps its data; the returned function removes it. */
async function prepareStorage(
  label: string,
  settings: TierSettings,
): Promise<{ provider: NodeJS.ProcessEnv; bff: NodeJS.ProcessEnv; remove: () => Promise<void> }> {
  if (settings.engine === 'postgres') {
    const scratch = await scratchPostgres(`bench_compare_${label}`, settings.postgresUrl);
    return { provider: { DATABASE_URL: scratch.url }, bff: { DATABASE_URL: scratch.url }, remove: scratch.drop };
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
    stopped ??= Promise.all(tiers.map((tier) => stopProcess(tier.child))).then(storage.remove);
    return stopped;
  };
  try {
    const providerPort = await freePort();
    const provider = await startTier(
      label,
      'provider',
      dir,
      { ...env, ...storage.provider, PROVIDER_PORT: `${providerPort}` },
      providerPort,
      tiers,
    );
    const bffPort = await freePort();
    const bff = await startTier(
      label,
      'bff',
      dir,
      { ...env, ...storage.bff, PORT: `${bffPort}`, PROVIDER_URL: provider.url },
      bffPort,
      tiers,
    );
    return { label, dir, provider, bff, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

/** CPU time (user + system, all threads) a tier has used so far, in µs; 10 ms resolution on most kernels. */
export const cpuMicros = (tier: Tier): number => cpuOfPid(tier.child.pid);
