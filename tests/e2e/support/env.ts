// One place for what the E2E run and the product under test agree on.
export const E2E = {
  port: 3210,
  baseURL: 'http://127.0.0.1:3210',
  dataDir: '.e2e-data',
  login: 'demo',
  password: 'Demo-e2e-senha-2026',
  /** The SMTP capture the E2E global setup listens on; the product sends its mail there. */
  smtpPort: 2525,
  widths: [360, 768, 1280] as const,
};
