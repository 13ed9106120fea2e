import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Vitest's default is one worker less than the cores: one worker on a two-core machine. The server files spend most
// of their time waiting on the database, so four share the cores well (the suite 418 → 178 s); the web files keep
// the cores busy, so one per core (174 → 96 s).
const CORES = availableParallelism();
const SERVER_WORKERS = Math.max(4, CORES);

export default defineConfig({
  plugins: [react()],
  test: {
    maxWorkers: SERVER_WORKERS,
    // `npm run coverage`: v8 coverage of the provider and the BFF under the server project (off otherwise).
    coverage: {
      provider: 'v8',
      include: ['src/provider/**/*.ts', 'src/bff/**/*.ts'],
      exclude: ['**/*.test.ts', '**/test/**'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage',
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/{contracts,crypto,platform,bff,provider,security,deploy}/**/*.test.ts', 'src/*.test.ts'],
          // The database suites' engine (PostgreSQL where one answers) and the run's database templates.
          globalSetup: ['tests/setup/server-run.ts'],
          // One module graph per worker, not per file: each file loaded the provider afresh (import ~150 s summed).
          // Files still build their own database and app; FIDIS_ISOLATE=1 puts the old isolation back to hunt a
          // test that leans on another file's leftovers.
          isolate: process.env.FIDIS_ISOLATE === '1',
          maxWorkers: SERVER_WORKERS,
          // Projects with different worker counts run one after the other when run together (`npm run test:unit`):
          // Vitest refuses to start them with the same group order.
          sequence: { groupOrder: 0 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
          // One window and one load of React and Mantine per worker, not per file: the suite's CPU time falls by
          // more than half. Each file still gets its own project modules and mocks (src/web/test/setup.ts).
          isolate: false,
          maxWorkers: CORES,
          sequence: { groupOrder: 1 },
          testTimeout: 15_000,
        },
      },
      {
        // Slow, multi-process suites (kill -9, two BFF instances on PostgreSQL and Redis): `npm run test:heavy`.
        extends: true,
        test: {
          name: 'heavy',
          environment: 'node',
          include: ['tests/heavy/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
