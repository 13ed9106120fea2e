// The main thread's work of opening /home, a base revision against this working tree, side by side (issue 27).
// Lighthouse's /home score moves by ±8 points between runs of one build on a 2-core machine, more than most changes
// move it; this bench reads what its blocking time is made of, on both sides in one run, so a change shows as a
// ratio. Each side is the product as `npm start` starts it (its own build and demo data): the base from a git
// worktree of --base (bench/compare-checkout.ts), the head from this working tree. One Chromium; each side signs
// in once in a context of its own, then every round opens /home in a new tab on a cold cache (as Lighthouse does:
// the persisted session kept, the cache cleared), traced by DevTools. Rounds alternate (base, head, head, base, …).
// Read from the trace of the page's main thread, from its first contentful paint until the network and the main
// thread have been quiet for 2 s:
//   blocking ×4 — the total blocking time Lighthouse's mobile profile would count: each task × 4 (its CPU slowdown),
//                 less 50 ms; tasks of 12.5 ms and more count;
//   on CPU      — the same from each task's own CPU time: without the time the thread waited for a core;
//   tasks ≥ 12.5 ms — how many tasks count there;
//   busy        — the main thread's tasks, summed (what is left to slice or to remove);
//   FCP         — the first contentful paint, from navigation start.
// `npm run bench -- home-work [--base=REV] [--rounds=8]`. Nothing asserts.
import { readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';
import { signInToFirstCompany } from '../scripts/demo-session.ts';
import { checkoutOf, describeWorkingTree, ensureDependencies } from './compare-checkout.ts';
import { option, positive } from './support/args.ts';
import { loadAverage, median } from './support/figures.ts';
import { type MainThreadFigures, mainThreadAfterFirstPaint, type TraceEvent } from './support/main-thread.ts';
import { type BenchProduct, startBenchProduct } from './support/product.ts';

const BASE_REV = option('base') ?? 'HEAD';
const ROUNDS = positive('rounds', 8);
const PASSWORD = 'Bench-home-work-2026';
const HEAD_DIR = resolve(import.meta.dirname, '..');
const PHONE = { width: 412, height: 823 };

async function openHome(
  browser: Browser,
  context: BrowserContext,
  base: string,
  run: string,
): Promise<MainThreadFigures> {
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  const path = join(tmpdir(), `fidis-home-work-${process.pid}-${run}.json`);
  await browser.startTracing(page, {
    path,
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing'],
  });
  await page.goto(`${base}/home`);
  await page
    .locator('table[aria-label="Cartões da empresa"] > tbody > tr, ul[aria-label="Cartões da empresa"] > li')
    .first()
    .waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2000);
  await browser.stopTracing();
  await page.close();
  const { traceEvents } = JSON.parse(readFileSync(path, 'utf8')) as { traceEvents: TraceEvent[] };
  // BENCH_HOME_WORK_KEEP=1 keeps each trace (its path printed), to see what a figure is made of.
  if (process.env.BENCH_HOME_WORK_KEEP) console.info(`trace: ${path}`);
  else rmSync(path, { force: true });
  return mainThreadAfterFirstPaint(traceEvents);
}

const checkout = checkoutOf(HEAD_DIR, BASE_REV);
ensureDependencies(checkout, HEAD_DIR);
console.info(`base: ${checkout.commit.slice(0, 7)} (${checkout.dir}); head: ${describeWorkingTree(HEAD_DIR)}`);

const products: BenchProduct[] = [];
try {
  const [baseProduct, headProduct] = await Promise.all([
    startBenchProduct({ name: 'home-work-base', port: 3541, password: PASSWORD, root: checkout.dir }),
    startBenchProduct({ name: 'home-work-head', port: 3542, password: PASSWORD }),
  ]);
  products.push(baseProduct, headProduct);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const sides = await Promise.all(
      [
        ['base', baseProduct.base],
        ['head', headProduct.base],
      ].map(async ([name, url]) => {
        const context = await browser.newContext({ viewport: PHONE });
        const page = await context.newPage();
        await signInToFirstCompany(page, url as string, 'demo', PASSWORD);
        await page.close();
        return { name: name as string, url: url as string, context, runs: [] as MainThreadFigures[] };
      }),
    );
    // One opening of each, not counted: the products' first answers (plans, pools) are not the page's work.
    for (const side of sides) await openHome(browser, side.context, side.url, `${side.name}-warm-up`);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order)
        side.runs.push(await openHome(browser, side.context, side.url, `${side.name}-${round}`));
    }
    console.info(`/home on a cold cache at ${PHONE.width} px, ${ROUNDS} rounds a side, medians (min–max)`);
    console.info('side   blocking ×4 ms      on CPU ms       tasks ≥ 12.5 ms   busy after FCP ms    FCP ms');
    const stat = (runs: MainThreadFigures[], key: keyof MainThreadFigures) => {
      const values = runs.map((r) => r[key]);
      return `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;
    };
    for (const side of sides) {
      console.info(
        [
          side.name.padEnd(5),
          stat(side.runs, 'blocking').padStart(16),
          stat(side.runs, 'blockingCpu').padStart(15),
          stat(side.runs, 'counted').padStart(17),
          stat(side.runs, 'busy').padStart(19),
          stat(side.runs, 'fcp').padStart(18),
        ].join(' '),
      );
    }
    const [base, head] = sides as [(typeof sides)[0], (typeof sides)[0]];
    const ratio = (key: keyof MainThreadFigures) =>
      (median(head.runs.map((r) => r[key])) / median(base.runs.map((r) => r[key]))).toFixed(2);
    console.info(
      `head/base: blocking ×4 ${ratio('blocking')}, on CPU ${ratio('blockingCpu')}, busy ${ratio('busy')}, FCP ${ratio('fcp')} (below 1: head does less)`,
    );
    console.info(`load average ${loadAverage()} on ${cpus().length} cores`);
  } finally {
    await browser.close();
  }
} finally {
  await Promise.all(products.map((p) => p.stop()));
}
