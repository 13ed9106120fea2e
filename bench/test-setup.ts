// What a database test file pays for its database before its first test (issue 26): the demo built for the file
// (a new database, the migrations, the seed of 150 holders with history: what createHarness did until then) against
// a copy of the run's template (src/platform/test-templates.ts), on PGlite and on PostgreSQL, interleaved round by
// round. The template's own build, paid once per run, is printed beside them. Not a test: nothing asserts.
// Knobs: BENCH_ROUNDS (3), BENCH_ENGINES (pglite,postgres), BENCH_PG_SERVER (postgres://postgres@127.0.0.1:5432/test).
import { freshDatabase } from '../src/platform/test-database.ts';
import { migrate } from '../src/provider/db/migrate.ts';
import { seedDemo } from '../src/provider/db/seed/seed.ts';
import { DEMO, seededDatabase, TEST_ACCOUNTS } from '../src/provider/test/seeded-database.ts';
import setup from '../tests/setup/server-run.ts';
import { ENGINES, PG_SERVER } from './support/databases.ts';
import { loadAverage, median } from './support/figures.ts';

// As under vitest (NODE_ENV=test): the seed hashes its operators' passwords at the legacy cost.
process.env.NODE_ENV ??= 'test';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const ms = async (work: () => Promise<{ dispose(): Promise<void> }>) => {
  const start = performance.now();
  const db = await work();
  const took = performance.now() - start;
  await db.dispose();
  return took;
};

const built = async () => {
  const fresh = await freshDatabase();
  await migrate(fresh.handle);
  await seedDemo(fresh.handle, { accounts: TEST_ACCOUNTS, demoLogin: DEMO.login, demoPassword: DEMO.password });
  return fresh;
};

console.info(`load average ${loadAverage()}; ${ROUNDS} rounds`);
for (const engine of ENGINES) {
  process.env.FIDIS_TEST_ENGINE = engine;
  process.env.DATABASE_URL = engine === 'postgres' ? PG_SERVER : '';
  // The test run's own global set-up: its engine, its scratch folder and id, and at the end its templates dropped.
  const teardown = await setup();
  try {
    const template = await ms(seededDatabase);
    const perFile = { built: [] as number[], copied: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      perFile.built.push(await ms(built));
      perFile.copied.push(await ms(seededDatabase));
    }
    const b = median(perFile.built);
    const c = median(perFile.copied);
    console.info(
      `${engine.padEnd(8)} template built once ${template.toFixed(0)} ms | per file: built ${b.toFixed(0)} ms, ` +
        `copied ${c.toFixed(0)} ms (median of ${ROUNDS}) | built ÷ copied ${(b / c).toFixed(1)}×`,
    );
  } finally {
    await teardown();
  }
}
