// One tier of fidis as a real child process, started the way an operator does (`npm run start:provider`,
// `npm run start:bff`). Each runs in its own process group, so a kill reaches npm, tsx and the server alike.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { CALLER_KEY_HEADER, callerKeyOf } from '../../../src/platform/caller-key.ts';
import { MasterKey } from '../../../src/platform/master-key.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const STARTUP_MS = 150_000;

export interface Tier {
  name: string;
  /** What the ready line captured (the listening URL). */
  url: string;
  /** Everything the process printed so far, for failure messages. */
  output(): string;
  /** SIGKILL to the whole group, resolved once the server process is gone. */
  kill(): Promise<void>;
}

/**
 * One deployment's master key for every tier a test file starts, as an operator's secret manager hands it to each
 * instance: the provider and the BFFs agree on it, and the test, playing the BFF, proves itself with the key derived
 * from it (decision 129) when it calls the provider straight.
 */
const MASTER_KEY = randomBytes(32).toString('base64');
export const bffCallerHeaders = { [CALLER_KEY_HEADER]: callerKeyOf(MasterKey.fromBase64(MASTER_KEY)) };

/** The environment a tier starts with: the parent's, minus anything that would point it at another setup. */
function tierEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'PROVIDER_URL', 'DATA_DIR', 'PORT', 'PROVIDER_PORT'])
    delete base[name];
  return {
    ...base,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RSA_KEY_BITS: '2048',
    // What these suites prove (durability, scale-out, a shared start) does not depend on the hash's cost, and the
    // OWASP cost (128 MiB, a third of a second per hash on an idle machine) made each user the durability load
    // creates cost seconds beside the server suite in CI: its PGlite run passed 180 s there (decision 062's switch,
    // as the E2E product uses it).
    FIDIS_TEST_PASSWORD_COST: 'legacy',
    FIDIS_MASTER_KEY: MASTER_KEY,
    ...env,
  };
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function startTier(
  name: string,
  script: 'start:provider' | 'start:bff',
  env: Record<string, string>,
  ready: RegExp,
): Promise<Tier> {
  const child: ChildProcess = spawn('npm', ['run', '--silent', script], {
    cwd: ROOT,
    env: tierEnv(env),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${name}: could not spawn npm run ${script}`);
  let output = '';
  const kill = async () => {
    if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
    while (groupAlive(pid)) await new Promise((r) => setTimeout(r, 20));
  };
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start in time:\n${output}`)), STARTUP_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1] ?? match[0]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited during start-up (${code ?? signal}):\n${output}`));
    });
  }).catch(async (err: unknown) => {
    await kill();
    throw err;
  });
  return { name, url, output: () => output, kill };
}

export const PROVIDER_READY = /provedor fidis no ar: (http:\/\/\S+)/;
export const BFF_READY = /fidis BFF ouvindo em (http:\/\/\S+)/;
