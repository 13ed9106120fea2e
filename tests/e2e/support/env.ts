// One place for what the E2E run and the product under test agree on. Ports and folders can be moved with
// E2E_PORT / E2E_SMTP_PORT, so two E2E runs can share a machine.
import { availableParallelism } from 'node:os';

const port = Number(process.env.E2E_PORT ?? 3210);

export const E2E = {
  port,
  baseURL: `http://127.0.0.1:${port}`,
  dataDir: `.e2e-data/${port}`,
  spaDir: `.e2e-data/spa-${port}`,
  mailDir: `.e2e-mail/${port}`,
  login: 'demo',
  password: 'Demo-e2e-senha-2026',
  /** The SMTP capture the E2E run listens on; the product sends its mail there. */
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 2525),
  widths: [360, 768, 1280] as const,
  /**
   * Playwright workers: one per core (E2E_WORKERS overrides), at most four — the product under test is one process
   * on the same machine, and past that the workers only wait on it.
   */
  workers: Number(process.env.E2E_WORKERS ?? Math.max(1, Math.min(availableParallelism(), 4))),
  /**
   * How long a step that waits on password hashing may take: the product hashes at OWASP's scrypt cost (about a
   * second a hash on a quiet machine, several under a CI run's load), and signing in or setting a password does one
   * or two. Only those steps get it; every other wait keeps the default.
   */
  passwordWorkMs: 30_000,
};
