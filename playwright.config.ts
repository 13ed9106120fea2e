import { defineConfig } from '@playwright/test';
import { E2E } from './tests/e2e/support/env.ts';

/** The specs about the layout at a width: the frame and its menus, the lists that change form, the start-up alert. */
const LAYOUT_SPECS = ['shell-layout.spec.ts', 'list-layout.spec.ts', 'card-layout.spec.ts', 'startup-recovery.spec.ts'];

// E2E drives Debian's Chromium against the product started exactly as `npm start` starts it.
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/e2e-${E2E.port}`,
  fullyParallel: true,
  workers: E2E.workers,
  // On CI one retry, reported as flaky in the list, so one unlucky timing on a loaded machine does not refuse a
  // landing; a test that fails twice still fails the run. Locally none: a flaky test shows at once.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // The JSON report beside the list: .ci/run reads from it how many retries the run used (.ci/e2e-retries.mjs).
  reporter: [['list'], ['json', { outputFile: `test-results/e2e-${E2E.port}-report.json` }]],
  use: {
    baseURL: E2E.baseURL,
    browserName: 'chromium',
    locale: 'pt-BR',
    // A trace only for a test's retry (CI's one retry): recording DOM snapshots of every action of every test, most of
    // which pass and are thrown away, cost a quarter of the run's CPU on a two-core machine (measured: 77 → 57 CPU-s
    // for three specs). A test that fails once is run again with its trace; the failure screenshot stays for all.
    trace: { mode: 'on-first-retry', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  // The width matrix only where the layout is what is tested (decision 078): these specs run at every width, every
  // other spec once at 1280 px. A spec whose assertions depend on the width belongs here; its flows do not.
  // 'sign-in' runs first: the demo operator's signed-in storage state, one per worker slot (signed-in.setup.ts).
  projects: [
    { name: 'sign-in', use: { viewport: { width: 1280, height: 800 } }, testMatch: 'signed-in.setup.ts' },
    {
      name: 'mobile-360',
      use: { viewport: { width: 360, height: 740 } },
      testMatch: LAYOUT_SPECS,
      dependencies: ['sign-in'],
    },
    {
      name: 'tablet-768',
      use: { viewport: { width: 768, height: 1024 } },
      testMatch: LAYOUT_SPECS,
      dependencies: ['sign-in'],
    },
    { name: 'desktop-1280', use: { viewport: { width: 1280, height: 800 } }, dependencies: ['sign-in'] },
  ],
  webServer: {
    command: 'npx tsx tests/e2e/support/start-product.ts',
    url: `${E2E.baseURL}/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E.port),
      DATA_DIR: E2E.dataDir,
      SPA_DIR: E2E.spaDir,
      DEMO_LOGIN: E2E.login,
      DEMO_PASSWORD: E2E.password,
      SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
      LOG_LEVEL: 'warn',
      RSA_KEY_BITS: '2048',
      // Passwords hashed at the legacy scrypt cost (decision 062): the OWASP cost makes every sign-in of the suite
      // about two seconds on a loaded CI machine; the cost itself and the rehash are tested by the provider suites.
      FIDIS_TEST_PASSWORD_COST: 'legacy',
      // The suite signs in far more than 20 times a minute from one address (decision 068).
      RATE_LIMIT_SIGN_IN: '100000',
      // Every page load registers the device again (docs/transport.md), and the suite loads pages from one address
      // more than 30 times a minute once its tests stop signing in through the screens (decision 078): a refused
      // registration shows the start-up alert and the back-off outlasts the test's wait.
      RATE_LIMIT_DEVICES: '100000',
      // A short step-up window (decision 091), so second-factor.spec.ts meets the dialog without waiting 5 minutes.
      STEP_UP_MAX_AGE_S: '20',
    },
  },
});
