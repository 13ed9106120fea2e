import { defineConfig } from '@playwright/test';
import { E2E } from './tests/e2e/support/env.ts';

// E2E drives Debian's Chromium against the product started exactly as `npm start` starts it.
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/e2e-${E2E.port}`,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E.baseURL,
    browserName: 'chromium',
    locale: 'pt-BR',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  // The provider-down flow crashes a stack of its own and does not depend on the width: it runs at 1280 only.
  projects: [
    { name: 'mobile-360', use: { viewport: { width: 360, height: 740 } }, testIgnore: /resilience\.spec\.ts$/ },
    { name: 'tablet-768', use: { viewport: { width: 768, height: 1024 } }, testIgnore: /resilience\.spec\.ts$/ },
    { name: 'desktop-1280', use: { viewport: { width: 1280, height: 800 } } },
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
    },
  },
});
