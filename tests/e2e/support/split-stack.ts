// A product of its own for a spec that must break it: the provider and the BFF as two processes, started the way
// `npm run start:provider` and `npm run start:bff` start them, each on its own embedded database under
// .e2e-data/split-<bff port>. The provider can be killed (SIGKILL: a crash, no goodbye) and started again on the
// same data while the BFF and the browser stay up. The SPA is the build the main E2E webServer made at startup.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { E2E } from './env.ts';

/** Ports 3610–3619 are this suite's: two per stack (provider, then BFF). */
export const SPLIT_PORTS = { first: 3610, last: 3619 } as const;

const ROOT = resolve(import.meta.dirname, '../../..');
const READY_TIMEOUT_MS = 150_000;
const STOP_TIMEOUT_MS = 5_000;

export interface SplitStack {
  /** The BFF, which also serves the SPA: what the browser opens. */
  baseURL: string;
  providerURL: string;
  url(path: string): string;
  /** Kills the provider with SIGKILL and waits until it is gone. */
  crashProvider(): Promise<void>;
  /** Starts the provider again on the same data and waits until it answers; nothing to do if it is running. */
  startProvider(): Promise<void>;
  /** Stops both processes and removes their data; safe to call twice or after a failed start. */
  stop(): Promise<void>;
}

interface Tier {
  name: 'provider' | 'bff';
  script: string;
  env: NodeJS.ProcessEnv;
  port: number;
  log: string;
  child?: ChildProcess;
}

/**
 * One master key for both tiers, as a deployment has (docs/operations.md): the BFF proves itself to the provider with
 * a key derived from it (decision 129). Each tier's DATA_DIR would otherwise make one of its own.
 */
const MASTER_KEY = randomBytes(32).toString('base64');

/** The environment without anything that would point a tier at a shared database, Redis or mail server. */
function baseEnv(): NodeJS.ProcessEnv {
  const {
    DATABASE_URL: _db,
    REDIS_URL: _redis,
    PROVIDER_URL: _provider,
    SMTP_URL: _smtp,
    PORT: _port,
    ...rest
  } = process.env;
  return {
    ...rest,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RSA_KEY_BITS: '2048',
    DEMO_LOGIN: E2E.login,
    DEMO_PASSWORD: E2E.password,
    FIDIS_MASTER_KEY: MASTER_KEY,
  };
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((done) => child.once('exit', () => done()));

function logTail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '(no log)';
  }
}

// `node --import tsx` rather than `npx tsx`: one process per tier, so a SIGKILL reaches the server itself
// instead of a launcher that would leave it running.
function launch(tier: Tier): ChildProcess {
  const out = openSync(tier.log, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', tier.script], {
    cwd: ROOT,
    env: tier.env,
    stdio: ['ignore', out, out],
  });
  tier.child = child;
  return child;
}

/** Waits until the tier answers HTTP at all (any status); fails at once if the process dies first. */
async function waitUntilUp(tier: Tier): Promise<void> {
  const child = tier.child!;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${tier.name} exited (${child.exitCode ?? child.signalCode}) while starting:\n${logTail(tier.log)}`,
      );
    }
    try {
      await fetch(`http://127.0.0.1:${tier.port}/health`, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(
    `${tier.name} did not answer on port ${tier.port} within ${READY_TIMEOUT_MS} ms:\n${logTail(tier.log)}`,
  );
}

async function stopTier(tier: Tier): Promise<void> {
  const child = tier.child;
  if (!child) return;
  tier.child = undefined;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const gone = await Promise.race([exited(child).then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
  if (!gone) {
    child.kill('SIGKILL');
    await exited(child);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts a provider on `providerPort` and a BFF on `providerPort + 1`, both inside 3610–3619. The provider seeds
 * the demo data on its first start, which takes a while: give the calling hook a generous timeout.
 */
export async function startSplitStack(providerPort: number): Promise<SplitStack> {
  const bffPort = providerPort + 1;
  if (providerPort < SPLIT_PORTS.first || bffPort > SPLIT_PORTS.last) {
    throw new Error(`split-stack ports must lie in ${SPLIT_PORTS.first}–${SPLIT_PORTS.last}, got ${providerPort}`);
  }
  const spaDir = resolve(ROOT, E2E.spaDir);
  if (!existsSync(join(spaDir, 'index.html'))) {
    throw new Error(`no SPA build at ${spaDir}: the main E2E webServer builds it at startup`);
  }
  const dir = resolve(ROOT, `.e2e-data/split-${bffPort}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });

  const providerURL = `http://127.0.0.1:${providerPort}`;
  const baseURL = `http://127.0.0.1:${bffPort}`;
  const provider: Tier = {
    name: 'provider',
    script: 'src/provider/start.ts',
    port: providerPort,
    log: join(dir, 'provider.log'),
    env: { ...baseEnv(), DATA_DIR: join(dir, 'provider'), PROVIDER_PORT: String(providerPort) },
  };
  const bff: Tier = {
    name: 'bff',
    script: 'src/bff/start.ts',
    port: bffPort,
    log: join(dir, 'bff.log'),
    env: {
      ...baseEnv(),
      DATA_DIR: join(dir, 'bff'),
      PORT: String(bffPort),
      PROVIDER_URL: providerURL,
      SPA_DIR: spaDir,
    },
  };

  // A worker that dies without running its hooks must not leave servers behind on these ports.
  const killAll = () => {
    for (const tier of [provider, bff]) tier.child?.kill('SIGKILL');
  };
  process.once('exit', killAll);

  let stopped = false;
  const stack: SplitStack = {
    baseURL,
    providerURL,
    url: (path) => new URL(path, baseURL).toString(),
    async crashProvider() {
      const child = provider.child;
      if (!child) return;
      provider.child = undefined;
      child.kill('SIGKILL');
      await exited(child);
    },
    async startProvider() {
      if (provider.child) return;
      launch(provider);
      await waitUntilUp(provider);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await Promise.all([stopTier(bff), stopTier(provider)]);
      process.off('exit', killAll);
      // The databases go; the two logs stay until the next start, for whoever reads a failure.
      for (const data of ['provider', 'bff']) rmSync(join(dir, data), { recursive: true, force: true });
    },
  };

  try {
    // Both start together: the BFF needs the provider only when a call goes through it.
    launch(provider);
    launch(bff);
    await Promise.all([waitUntilUp(provider), waitUntilUp(bff)]);
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}
