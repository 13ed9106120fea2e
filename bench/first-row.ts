// Time to the first row, in a real browser (issue 27's proof): Debian's Chromium driven by Playwright against the
// product started as `npm start` starts it, with the demo data. Two measures, each round in a fresh browser context
// (a cold cache, as an operator's first sign-in of the day):
//   (a) from the click on ACESSAR (the company chosen after the login) to the first card row of /home on screen;
//   (b) from typing a holder's whole name in the cards search (one input event, as a paste) to that holder's row in
//       the results on screen: the search's 300 ms pause (SEARCH_DEBOUNCE_MS) is part of it.
// Both are taken inside the page: from the event's own timestamp to the frame after the row is in the document with
// a size (a requestAnimationFrame, then a task: the frame has been painted). BENCH_FIRST_ROW_ROUNDS rounds (10) after
// one round not counted; p50 and p95 (nearest rank) in ms, with the load average. Nothing here asserts.
import { cpus, loadavg } from 'node:os';
import { type Browser, chromium, type Page } from '@playwright/test';
import { signInToCompanyChoice } from '../scripts/demo-session.ts';
import { percentile } from './support/figures.ts';
import { startBenchProduct } from './support/product.ts';

const PORT = Number(process.env.BENCH_FIRST_ROW_PORT ?? 3530);
const ROUNDS = Number(process.env.BENCH_FIRST_ROW_ROUNDS ?? 10);
const PASSWORD = 'Bench-first-row-2026';
const VIEWPORT = { width: 1280, height: 800 };

/** A row of the cards list (a table from 576 px, items below) that shows a card: it has its Detalhes button. */
const rowSelector = (label: string) => `table[aria-label="${label}"] > tbody > tr, ul[aria-label="${label}"] > li`;

declare global {
  interface Window {
    __firstRow?: Promise<number>;
  }
}

/**
 * Arms the page's stopwatch: starts at the first `eventType` event whose target matches `trigger`, stops on the
 * painted frame after a row of `rows` that has a Detalhes button (and, with `text`, that text) is in the document
 * with a size; the result in ms on window.__firstRow.
 */
function arm(page: Page, eventType: 'click' | 'input', trigger: string, rows: string, text?: string) {
  return page.evaluate(
    ({ eventType, trigger, rows, text }) => {
      window.__firstRow = new Promise<number>((resolve) => {
        let started: number | null = null;
        const found = () =>
          [...document.querySelectorAll(rows)].some(
            (row) =>
              row.querySelector('button[aria-label^="Detalhes"]') !== null &&
              row.getBoundingClientRect().height > 0 &&
              (text === undefined || (row.textContent ?? '').includes(text)),
          );
        const done = () => {
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - (started ?? 0)), 0));
        };
        const observer = new MutationObserver(() => {
          if (started !== null && found()) done();
        });
        document.addEventListener(
          eventType,
          (event) => {
            if (started !== null || !(event.target as Element).closest(trigger)) return;
            started = event.timeStamp;
            observer.observe(document.body, { childList: true, subtree: true, characterData: true });
          },
          { capture: true },
        );
      });
    },
    { eventType, trigger, rows, text },
  );
}

const measured = (page: Page) =>
  page
    .waitForFunction(() => window.__firstRow, undefined, { timeout: 60_000 })
    .then((handle) => handle.jsonValue() as Promise<number>);

async function round(browser: Browser, base: string, i: number): Promise<{ home: number; search: number }> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'pt-BR' });
  // tsx keeps function names with a `__name` helper that the page does not have: the stopwatch's code needs it.
  await context.addInitScript('window.__name = (fn) => fn;');
  try {
    const page = await context.newPage();
    await signInToCompanyChoice(page, base, 'demo', PASSWORD);
    await arm(page, 'click', 'button', rowSelector('Cartões da empresa'));
    await page.getByRole('button', { name: 'ACESSAR' }).click();
    const home = await measured(page);

    // A different holder each round, from the page shown: its whole name, as an operator told it on the phone.
    const names = await page
      .locator(rowSelector('Cartões da empresa'))
      .locator('button[aria-label^="Detalhes"]')
      .evaluateAll((buttons) => buttons.map((b) => (b.getAttribute('aria-label') ?? '').replace(/^Detalhes: /, '')));
    const name = names[(i * 7) % names.length]!;
    const box = page.getByRole('searchbox', { name: 'Buscar por nome, CPF ou final do cartão' });
    await arm(page, 'input', 'input[type="search"]', rowSelector('Resultado da busca'), name);
    await box.fill(name);
    const search = await measured(page);
    return { home, search };
  } finally {
    await context.close();
  }
}

const product = await startBenchProduct({
  name: 'first-row',
  port: PORT,
  password: PASSWORD,
  // Every round signs in again: the per-address limits of sign-ins and key exchanges would refuse a long run.
  env: { RATE_LIMIT_SIGN_IN: '1000', RATE_LIMIT_DEVICES: '1000' },
});
try {
  const { port } = await product.chromium();
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  await round(browser, product.base, ROUNDS); // not counted: the product's first answers
  const home: number[] = [];
  const search: number[] = [];
  const load: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const r = await round(browser, product.base, i);
    home.push(r.home);
    search.push(r.search);
    load.push(loadavg()[0]!);
  }
  const ms = (n: number) => n.toFixed(0).padStart(7);
  console.info(
    `Chromium ${browser.version()}, ${VIEWPORT.width}×${VIEWPORT.height}, fresh context each round, ${ROUNDS} rounds (+1 not counted)`,
  );
  console.info('measure                                        p50 ms  p95 ms  min ms  max ms');
  for (const [name, values] of [
    ['ACESSAR → first card row of /home', home],
    ['holder name typed → its row in the search', search],
  ] as const) {
    const sorted = [...values].sort((a, b) => a - b);
    console.info(
      `${name.padEnd(45)}${ms(percentile(sorted, 0.5))} ${ms(percentile(sorted, 0.95))} ${ms(sorted[0]!)} ${ms(sorted.at(-1)!)}`,
    );
  }
  console.info(
    `load average (1 min) during the rounds: ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)} on ${cpus().length} cores`,
  );
  await browser.close();
} finally {
  await product.stop();
}
