// The product as `npm start` starts it (src/main.ts under tsx, its own data and SPA folders) and Debian's Chromium
// with a DevTools port: what the browser benches (bench/lighthouse.ts, bench/first-row.ts) measure and measure with.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { healthy, spawnEntry, stopProcess } from './processes.ts';

const thisCheckout = resolve(import.meta.dirname, '../..');

export interface BenchProduct {
  base: string;
  /** Ends the product and the browsers launched through `chromium`, removes their data; resolves once they exit. */
  stop: () => Promise<void>;
  /** Debian's Chromium, headless, its profile a temporary folder; `port` is its DevTools port. */
  chromium: () => Promise<{ port: number }>;
}

/**
 * Starts the product on `port` with the demo data (DEMO_PASSWORD `password`), in `.bench-data/<name>-<port>`,
 * fresh, and waits for /health. `env` adds to the product's environment.
 */
export async function startBenchProduct(opts: {
  name: string;
  port: number;
  password: string;
  env?: NodeJS.ProcessEnv;
  /** Another checkout of the product to start (bench/home-work.ts's base side); this one unless given. */
  root?: string;
}): Promise<BenchProduct> {
  const root = opts.root ?? thisCheckout;
  const dataDir = join(root, '.bench-data', `${opts.name}-${opts.port}`);
  const children: ChildProcess[] = [];
  const folders: string[] = [dataDir];
  rmSync(dataDir, { recursive: true, force: true });
  // node --import tsx itself rather than through npx, so the SIGTERM at the end reaches the product.
  const product = spawnEntry('the product', 'src/main.ts', {
    cwd: root,
    port: opts.port,
    env: {
      ...process.env,
      PORT: String(opts.port),
      DATA_DIR: join(dataDir, 'db'),
      // Its own build, so a build another run is serving is neither reused stale nor replaced under it.
      SPA_DIR: join(dataDir, 'spa'),
      DEMO_PASSWORD: opts.password,
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
  });
  children.push(product.child);
  const stop = async () => {
    await Promise.all([...children].reverse().map(stopProcess));
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  };
  try {
    // The first start builds the SPA and generates the RSA key: allow it a few minutes on a busy machine.
    await healthy(product, 240_000);
  } catch (error) {
    await stop();
    throw error;
  }
  const chromium = async () => {
    const profile = mkdtempSync(join(tmpdir(), `fidis-${opts.name}-chromium-`));
    folders.push(profile);
    const { browser, port } = await launchChromium(profile);
    children.push(browser);
    return { port };
  };
  return { base: product.url, stop, chromium };
}

/** Debian's Chromium with a DevTools port, for Playwright (connectOverCDP) and Lighthouse alike. */
function launchChromium(profile: string): Promise<{ browser: ChildProcess; port: number }> {
  const browser = spawn(
    '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return new Promise((done, fail) => {
    let seen = '';
    browser.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) done({ browser, port: Number(match[1]) });
    });
    browser.once('exit', (code) => fail(new Error(`o Chromium terminou (código ${code}): ${seen}`)));
  });
}
