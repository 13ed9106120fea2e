// Bulk changes (issue 18.2): a 1,000-row file previewed through the provider over HTTP, in the calls the browser
// makes (100 limit or block rows per call, 25 card requests), on PGlite and, when reachable, on PostgreSQL. Then the
// limits file is applied and applied again (every row answered as already applied). Goal: 1,000 rows previewed in
// at most 30 s. Not a test: nothing asserts, a goal missed is printed as such.
// Knobs: BENCH_ENGINES (pglite,postgres), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/test), BENCH_ROWS (1000).
import { and, asc, eq } from 'drizzle-orm';
import { type BulkKind, chunkRows } from '../src/contracts/bulk.ts';
import { testConfig } from '../src/platform/config.ts';
import { buildProvider } from '../src/provider/app.ts';
import { createDb } from '../src/provider/db/client.ts';
import { accounts, cards, companies } from '../src/provider/db/schema.ts';
import { cpfFrom } from '../src/provider/db/seed/seed.ts';
import { ENGINES, PG_SERVER, postgresAnswers, scratchDemo } from './support/databases.ts';
import { goal, loadAverage } from './support/figures.ts';
import { signInDemo } from './support/sealed-client.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1000);
const GOAL_S = 30;

const brl = (reais: string) => reais.replace('.', ',');

async function run(engine: string) {
  const fresh = await scratchDemo(engine, ROWS + 200);
  const { handle } = fresh;
  try {
    const db = createDb(handle);
    const app = buildProvider({ db: handle, config: testConfig() });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const call = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
        const res = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        return res.json() as Promise<{ rows: { result: string }[] }>;
      };
      const token = await signInDemo(base);
      const [company] = await db.select().from(companies).orderBy(asc(companies.id)).limit(1);
      if (!company) throw new Error('no company');
      const [other] = await db.select().from(companies).orderBy(asc(companies.id)).offset(2).limit(1);
      const holders = await db
        .select({
          cpf: accounts.documentNumber,
          last4: cards.last4,
          limit: accounts.creditLimit,
          companyId: accounts.companyId,
        })
        .from(accounts)
        .innerJoin(cards, and(eq(cards.accountId, accounts.id), eq(cards.cardType, 'TITULAR')))
        .where(and(eq(accounts.statusDescription, 'NORMAL'), eq(cards.activeFlag, 'S')))
        .orderBy(asc(accounts.accountNumber));
      const own = holders.filter((h) => h.companyId === company.id);
      const foreign = holders.filter((h) => h.companyId === other?.id);
      const headers = { authorization: `Bearer ${token}`, cnpj: company.cnpj, relationcode: company.relationCode };

      // 90 % valid (the current limit set again), 5 % a wrong check digit, 5 % another company's holder.
      const limitRow = (i: number): string[] => {
        const h = own[i % own.length] as (typeof own)[0];
        if (i % 20 === 7) return [`${h.cpf.slice(0, 10)}${(Number(h.cpf[10]) + 1) % 10}`, h.last4, '1.000,00'];
        if (i % 20 === 13) {
          const f = foreign[i % foreign.length] as (typeof foreign)[0];
          return [f.cpf, f.last4, '1.000,00'];
        }
        return [h.cpf, h.last4, brl(h.limit)];
      };
      const blockRow = (i: number): string[] => {
        const h = own[i % own.length] as (typeof own)[0];
        return [h.cpf, h.last4, i % 2 ? 'Perda' : 'BE', 'Lote de teste'];
      };
      const cardRow = (i: number): string[] => [
        cpfFrom(String(700_000_000 + i)),
        'Pessoa de Teste Lote',
        'PESSOA T LOTE',
        '10/05/1990',
        'F',
        'Mae de Teste Lote',
        `pessoa${i}@empresa.com.br`,
        '11',
        '912345678',
        '01310-100',
        'Avenida Paulista',
        '1000',
        '',
        'Bela Vista',
        'São Paulo',
        'SP',
        '100,00',
      ];
      // Every row's dry run also replays the card's last 30 days (the impact it shows): what that costs per row.
      const controlsRow = (i: number): string[] => {
        const h = own[i % own.length] as (typeof own)[0];
        return [h.cpf, h.last4, i % 2 ? 'Jogos e apostas, Saques' : '', 'Não', 'Sim', 'Não', '500,00', '', ''];
      };
      const files: Record<BulkKind, string[][]> = {
        limits: Array.from({ length: ROWS }, (_, i) => limitRow(i)),
        blocks: Array.from({ length: ROWS }, (_, i) => blockRow(i)),
        cards: Array.from({ length: ROWS }, (_, i) => cardRow(i)),
        controls: Array.from({ length: ROWS }, (_, i) => controlsRow(i)),
      };

      const send = async (endpoint: 'preview' | 'apply', kind: BulkKind) => {
        const rows = files[kind];
        const started = performance.now();
        const counts: Record<string, number> = {};
        for (const chunk of chunkRows(
          kind,
          rows.map((cells, i) => ({ line: i + 2, cells })),
        )) {
          const answer = await call(`/v1/bulk/${endpoint}`, { kind, rows: chunk }, headers);
          for (const row of answer.rows) counts[row.result] = (counts[row.result] ?? 0) + 1;
        }
        const seconds = (performance.now() - started) / 1000;
        const verdict = endpoint === 'preview' ? goal(seconds <= GOAL_S, `≤ ${GOAL_S} s`) : '';
        console.info(
          `  ${engine.padEnd(8)} ${endpoint.padEnd(7)} ${kind.padEnd(8)} ${rows.length} rows in ${seconds.toFixed(2)} s` +
            ` = ${Math.round(rows.length / seconds)} rows/s  ${JSON.stringify(counts)} ${verdict}`,
        );
      };
      for (const kind of ['limits', 'blocks', 'cards', 'controls'] as const) await send('preview', kind);
      await send('apply', 'limits');
      await send('apply', 'limits');
    } finally {
      await app.close();
    }
  } finally {
    await fresh.dispose();
  }
}

console.info(`bulk preview: ${ROWS} rows per file, load average ${loadAverage()}`);
for (const engine of ENGINES) {
  if (engine === 'postgres' && !(await postgresAnswers())) {
    console.info(`  postgres: not reachable at ${PG_SERVER}, skipped`);
    continue;
  }
  await run(engine);
}
