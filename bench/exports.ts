// The holders CSV export of a company of a million holders, streamed by the provider over HTTP (ticket, then the
// download), on PGlite and on PostgreSQL, against the naive way: the accounts page endpoint called page by page
// (50 holders a call) for BENCH_NAIVE_ROWS holders, its rate extrapolated to the million. Prints the time to the
// first byte and to the last, rows/s, MB/s, the process's peak RSS (provider and client share it), and the ratio.
// Not a test: nothing asserts; the goal (1,000,000 rows under 60 s) is printed as met or missed.
//
// The million-holder databases are made once by the demo seed (as bench/paging.ts makes its own) and kept:
// PGlite's under .bench-data/exports, PostgreSQL's in the database fidis_bench_exports next to BENCH_PG_URL.
// Knobs: BENCH_ENGINES (pglite,postgres), BENCH_ACCOUNTS (1000000), BENCH_NAIVE_ROWS (20000), BENCH_SORTED (1: also
// the A-Z export), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/test).

import { asc } from 'drizzle-orm';
import { request } from 'undici';
import { PAGE_SIZE } from '../src/contracts/constants.ts';
import { testConfig } from '../src/platform/config.ts';
import type { DatabaseHandle } from '../src/platform/database.ts';
import { buildProvider } from '../src/provider/app.ts';
import { createDb } from '../src/provider/db/client.ts';
import { companies } from '../src/provider/db/schema.ts';
import { eachEngine, millionDemo } from './support/databases.ts';
import { goal, loadAverage } from './support/figures.ts';
import { signInDemo } from './support/sealed-client.ts';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1_000_000);
const NAIVE_ROWS = Number(process.env.BENCH_NAIVE_ROWS ?? 20_000);
const SORTED = process.env.BENCH_SORTED !== '0';
const GOAL_S = 60;

const int = new Intl.NumberFormat('en-US');

/** Peak resident memory of this process while `run` runs, sampled every 20 ms. */
async function withPeakRss<T>(run: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, peakMb: peak / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

async function measure(engine: string, handle: DatabaseHandle) {
  const app = buildProvider({ db: handle, config: testConfig(), publicRateLimit: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const db = createDb(handle);
    const [company] = await db.select().from(companies).orderBy(asc(companies.id)).limit(1);
    if (!company) throw new Error('no seeded company');
    const token = await signInDemo(base);
    const auth = { authorization: `Bearer ${token}` };

    async function exportOnce(order: '' | 'asc') {
      const started = performance.now();
      const ticketRes = await request(`${base}/v1/exports/ticket`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          kind: 'holders',
          filters: { cnpj: company!.cnpj, relationCode: company!.relationCode, order },
        }),
      });
      if (ticketRes.statusCode !== 200)
        throw new Error(`ticket: ${ticketRes.statusCode} ${await ticketRes.body.text()}`);
      const { ticket, rows: expected } = (await ticketRes.body.json()) as { ticket: string; rows: number };
      const ticketMs = performance.now() - started;
      const res = await request(`${base}/v1/exports/download`, {
        headers: { ...auth, exportticket: ticket, 'x-fidis-download': '1' },
        bodyTimeout: 600_000,
        headersTimeout: 600_000,
      });
      if (res.statusCode !== 200) throw new Error(`download: ${res.statusCode} ${await res.body.text()}`);
      let firstByte = 0;
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        if (!firstByte) firstByte = performance.now() - started;
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      }
      const totalMs = performance.now() - started;
      return { ticketMs, firstByte, totalMs, bytes, rows: lines - 1, expected };
    }

    console.info(`\n  ${engine}: ${int.format(company.totalSubAccounts)} holders, load average ${loadAverage()}`);
    const rssBefore = process.memoryUsage.rss() / 1024 / 1024;
    const stream = await withPeakRss(() => exportOnce(''));
    const s = stream.result;
    const verdict = goal(s.totalMs / 1000 < GOAL_S, `< ${GOAL_S} s`);
    console.info(
      `  streamed export, list order: ${int.format(s.rows)} rows (announced ${int.format(s.expected)}) in ${(s.totalMs / 1000).toFixed(1)} s — ${verdict}\n` +
        `    ticket ${s.ticketMs.toFixed(0)} ms, first byte ${s.firstByte.toFixed(0)} ms, ${int.format(Math.round(s.rows / (s.totalMs / 1000)))} rows/s, ` +
        `${(s.bytes / 1024 / 1024).toFixed(1)} MB at ${(s.bytes / 1024 / 1024 / (s.totalMs / 1000)).toFixed(1)} MB/s, peak RSS ${stream.peakMb.toFixed(0)} MB (${rssBefore.toFixed(0)} MB before: the database and the provider share it)`,
    );

    // The naive way: the list's own endpoint, page after page with the keyset cursor, as a client would loop.
    const naiveStarted = performance.now();
    let cursor = '';
    let naiveRows = 0;
    while (naiveRows < NAIVE_ROWS) {
      const res = await request(`${base}/v1/corporate/accounts`, {
        headers: {
          ...auth,
          cnpj: company.cnpj,
          relationcode: company.relationCode,
          startaccount: cursor,
          direction: cursor ? 'N' : '',
        },
      });
      const page = (await res.body.json()) as { subAccounts: { account: string }[] };
      if (page.subAccounts.length === 0) break;
      naiveRows += page.subAccounts.length;
      cursor = page.subAccounts[page.subAccounts.length - 1]!.account;
    }
    const naiveS = (performance.now() - naiveStarted) / 1000;
    const naiveRate = naiveRows / naiveS;
    const streamRate = s.rows / (s.totalMs / 1000);
    console.info(
      `  naive, the page endpoint ${int.format(naiveRows / PAGE_SIZE)} times (${int.format(naiveRows)} rows, ${PAGE_SIZE} a page): ${naiveS.toFixed(1)} s, ` +
        `${int.format(Math.round(naiveRate))} rows/s → ${int.format(s.rows)} rows would take ~${(s.rows / naiveRate).toFixed(0)} s ` +
        `(${int.format(Math.ceil(s.rows / PAGE_SIZE))} calls, before any CSV is written)`,
    );
    console.info(`  streamed ÷ naive, rows/s: ${(streamRate / naiveRate).toFixed(1)}×`);

    if (SORTED) {
      const sorted = await withPeakRss(() => exportOnce('asc'));
      const r = sorted.result;
      console.info(
        `  streamed export, A-Z by holder (numbers read once in name order, then by index): ${int.format(r.rows)} rows in ${(r.totalMs / 1000).toFixed(1)} s, ` +
          `${int.format(Math.round(r.rows / (r.totalMs / 1000)))} rows/s, first byte ${r.firstByte.toFixed(0)} ms, peak RSS ${sorted.peakMb.toFixed(0)} MB`,
      );
    }
  } finally {
    await app.close();
  }
}

await eachEngine(millionDemo('exports', ACCOUNTS), measure);
