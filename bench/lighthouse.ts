// Lighthouse (mobile profile, simulated throttling: the default config) on the product started as `npm start`
// starts it, against the goals of issue 7: performance >= 95, LCP <= 2.5 s, CLS <= 0.1. Pages: the login screen
// and /home with the demo data. For /home the demo operator signs in and picks the first company through
// Playwright connected to the same Chromium, so the persisted session (localStorage key `fidis`) is in place;
// Lighthouse's storage reset clears caches but not localStorage, so /home is still measured on a cold cache.
// Each page is measured RUNS times and the median run (by score) is printed. Nothing here asserts.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { signInToFirstCompany } from '../scripts/demo-session.ts';
import { loadAverage } from './support/figures.ts';
import { mainThreadAfterFirstPaint, type TraceEvent } from './support/main-thread.ts';
import { startBenchProduct } from './support/product.ts';

const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3520);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** BENCH_LIGHTHOUSE_REPORT_DIR: each run's whole Lighthouse report (JSON) is kept there, to see what a figure is made of. */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_REPORT_DIR;
const PASSWORD = 'Bench-lighthouse-2026';
const GOALS = { score: 95, lcpMs: 2500, cls: 0.1 };

interface Figures {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** Lighthouse's measure of the host's CPU: the 4x slowdown it simulates assumes a fast desktop. */
  benchmarkIndex: number;
  /** From Lighthouse's own trace, after the first paint: the blocking formula on the main thread's CPU time. */
  blockingCpuMs: number;
  /** …and the share of the blocking tasks' wall time their thread spent waiting for a core. */
  waited: number;
}

let lighthouseVersion = '';
const product = await startBenchProduct({ name: 'lighthouse', port: PORT, password: PASSWORD });
const BASE = product.base;
try {
  const { port } = await product.chromium();

  const results: Array<[string, Figures]> = [];
  results.push(['/ (login)', await measure(`${BASE}/`, port)]);
  await signInWithDemo(port);
  results.push(['/home', await measure(`${BASE}/home`, port)]);

  console.info(`Lighthouse ${lighthouseVersion}, mobile profile, simulated throttling, median of ${RUNS} runs`);
  console.info('page        score  LCP ms  CLS    TBT ms  FCP ms   score/95  LCP/2500  CLS/0.1   on CPU ms  waited');
  for (const [page, f] of results) {
    console.info(
      [
        page.padEnd(10),
        String(f.score).padStart(6),
        f.lcpMs.toFixed(0).padStart(7),
        f.cls.toFixed(3).padStart(6),
        f.tbtMs.toFixed(0).padStart(7),
        f.fcpMs.toFixed(0).padStart(7),
        (f.score / GOALS.score).toFixed(2).padStart(9),
        (f.lcpMs / GOALS.lcpMs).toFixed(2).padStart(9),
        (f.cls / GOALS.cls).toFixed(2).padStart(8),
        f.blockingCpuMs.toFixed(0).padStart(11),
        `${(f.waited * 100).toFixed(0)} %`.padStart(7),
      ].join(' '),
    );
  }
  console.info('score/95 at or above 1 meets the goal; LCP and CLS ratios at or below 1 do.');
  // Lighthouse simulates from the tasks' wall time; on a machine that runs Lighthouse, Chromium's other processes and
  // the product beside the page, that includes the main thread waiting for a core (decision 154).
  console.info(
    "on CPU: TBT's formula (each task ×4, less 50 ms, after the first paint) on the main thread's own CPU time, " +
      "from Lighthouse's trace; waited: the share of those tasks' wall time spent off the CPU",
  );
  const host = results.map(([page, f]) => `${page} ${f.benchmarkIndex.toFixed(0)}`).join(', ');
  // A busy machine slows the observed main thread, and the simulation multiplies that by 4: scores drop.
  console.info(`host benchmarkIndex (median run): ${host}; load average ${loadAverage()} on ${cpus().length} cores`);
} finally {
  await product.stop();
}

async function signInWithDemo(port: number) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0]!.newPage();
  await signInToFirstCompany(page, BASE, 'demo', PASSWORD);
  await page.close();
  // Disconnects Playwright only: the browser, and the session in its profile, stay for Lighthouse.
  await browser.close();
}

async function measure(url: string, port: number): Promise<Figures> {
  const runs: Figures[] = [];
  let retries = 0;
  while (runs.length < RUNS) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse não devolveu resultado para ${url}`);
    const { lhr } = result;
    lighthouseVersion = lhr.lighthouseVersion;
    if (lhr.runtimeError) {
      // A trace Chromium failed to record (NO_NAVSTART, seen once in many runs): Lighthouse's own advice is to run
      // again. The run is dropped, never counted, and a page that keeps failing stops the bench.
      if (++retries > RUNS) throw new Error(`Lighthouse em ${url}: ${lhr.runtimeError.message}`);
      console.info(`  ${url}: run dropped, Lighthouse asks to run again (${lhr.runtimeError.code})`);
      continue;
    }
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
      throw new Error(`${url} terminou em ${lhr.finalDisplayedUrl}: a sessão não foi mantida`);
    if (REPORT_DIR)
      writeFileSync(
        join(REPORT_DIR, `${new URL(url).pathname.replaceAll('/', '_')}-${runs.length}.json`),
        result.report as string,
      );
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const trace = (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
    if (!trace) throw new Error(`Lighthouse em ${url}: sem o trace da carga`);
    const thread = mainThreadAfterFirstPaint(trace.traceEvents);
    runs.push({
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: metric('largest-contentful-paint'),
      cls: metric('cumulative-layout-shift'),
      tbtMs: metric('total-blocking-time'),
      fcpMs: metric('first-contentful-paint'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      blockingCpuMs: thread.blockingCpu,
      waited: thread.waited,
    });
  }
  runs.sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs);
  return runs[Math.floor(runs.length / 2)]!;
}
