// Server configuration, parsed from the environment once at start-up. A bad value stops start-up with a list.

import { z } from 'zod';
import { RSA_DEFAULT_BITS, RSA_MIN_BITS } from '../contracts/constants.ts';
import { cronPattern, masterKey, optionalUrl, providerTrustProxy, trustProxy } from './config-fields.ts';
import { productionIssues, type ServerRole } from './production-checks.ts';

export { INACTIVITY_TIMEZONE } from './config-fields.ts';

export const configSchema = z.object({
  /** demo: embedded database, demo data and logins, dev outbox. production: none of that (decisions/055). */
  FIDIS_MODE: z.enum(['demo', 'production'], 'FIDIS_MODE deve ser demo ou production').default('demo'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Seals the stored secrets; required in production, in the demo DATA_DIR/master.key when unset. */
  FIDIS_MASTER_KEY: masterKey,
  /** The new master key during a rotation (`npm run secrets:rotate`). */
  FIDIS_MASTER_KEY_NEXT: masterKey,
  DATABASE_URL: optionalUrl.refine((v) => !v || /^postgres(ql)?:\/\//.test(v), 'deve ser uma URL postgres://'),
  PROVIDER_URL: optionalUrl,
  /** The upstream for the sandbox environment; defaults to PROVIDER_URL. */
  PROVIDER_SANDBOX_URL: optionalUrl,
  PROVIDER_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Where `npm run start:provider` listens: this machine only unless a deployment opens it (decision 129). */
  PROVIDER_HOST: z.string().min(1).default('127.0.0.1'),
  DEMO_LOGIN: z.string().min(1).default('demo'),
  DEMO_PASSWORD: z.string().min(12, 'DEMO_PASSWORD precisa de pelo menos 12 caracteres').optional(),
  SMTP_URL: optionalUrl,
  /** The demo's sender is on a reserved domain; production must name one of its own (platform/mail-domains.ts). */
  MAIL_FROM: z.string().default('fidis <nao-responda@fidis.example>'),
  CEP_API_URL: z.string().default('https://viacep.com.br/ws/{cep}/json/'),
  /** The issuer's Pix key for the invoices' copia-e-cola (decision 077): CPF/CNPJ digits, e-mail, +55 phone or EVP. */
  PIX_KEY: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z
      .string()
      .max(77, 'até 77 caracteres')
      .regex(
        /^(\d{11}|\d{14}|\+55\d{10,11}|[^\s@]+@[^\s@]+\.[^\s@]+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i,
        'deve ser uma chave Pix: CPF ou CNPJ só com dígitos, e-mail, +55 e o telefone, ou chave aleatória',
      )
      .optional(),
  ),
  /** The receiver's name and city the payer's app shows (BR Code fields 59 and 60); required with PIX_KEY. */
  PIX_MERCHANT_NAME: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z.string().max(25, 'até 25 caracteres (limite do BR Code)').optional(),
  ),
  PIX_MERCHANT_CITY: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z.string().max(15, 'até 15 caracteres (limite do BR Code)').optional(),
  ),
  RSA_KEY_BITS: z.coerce
    .number()
    .int()
    .min(RSA_MIN_BITS, `RSA_KEY_BITS abaixo de ${RSA_MIN_BITS} bits não é seguro`)
    .max(8192)
    .default(RSA_DEFAULT_BITS),
  /** Replay cache and rate-limit counters shared by every BFF instance; without it each keeps its own. */
  REDIS_URL: optionalUrl,
  /** Prefix of every key fidis writes to Redis: separate deployments sharing one Redis need different ones. */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('fidis:'),
  /** BFF requests per minute per client address: device registrations and proxied calls. */
  RATE_LIMIT_DEVICES: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_PROXY: z.coerce.number().int().min(1).default(3000),
  /** Sign-ins, recovery steps and first accesses per minute per client address, counted by the BFF. */
  RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(1).default(20),
  /** A bearer token /metrics asks for; without it /metrics is open, which only the demo allows (decision 065). */
  METRICS_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'METRICS_TOKEN precisa de pelo menos 32 caracteres').optional(),
  ),
  /**
   * The card network's key for the provider's authorization API (x-network-key, decision 132); unset, that API
   * refuses every call.
   */
  NETWORK_API_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'NETWORK_API_KEY precisa de pelo menos 32 caracteres').optional(),
  ),
  /** Which proxies to believe about the client address (x-forwarded-for): behind a load balancer. */
  TRUST_PROXY: trustProxy,
  /** Which BFFs the provider believes about the client address (X-Forwarded-For), for the audit trail (decision 075). */
  PROVIDER_TRUST_PROXY: providerTrustProxy,
  /**
   * Seconds a sign-in or a confirmation vouches for the operator before a sensitive call asks again (decision 091).
   * Five minutes at most: a shorter window only asks more often.
   */
  STEP_UP_MAX_AGE_S: z.coerce
    .number()
    .int()
    .min(10, 'STEP_UP_MAX_AGE_S abaixo de 10 segundos pediria a confirmação a cada clique')
    .max(300, 'STEP_UP_MAX_AGE_S acima de 300 segundos afrouxa a confirmação pedida pelo portal')
    .default(300),
  /** Days without use after which the provider deactivates a portal user; PCI DSS 8.2.6 allows at most 90. */
  INACTIVITY_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(90, 'INACTIVITY_DAYS acima de 90 descumpre o PCI DSS 8.2.6')
    .default(90),
  /** When the provider looks for inactive users (America/Sao_Paulo time); one instance runs it per firing. */
  INACTIVITY_CRON: cronPattern.default('17 3 * * *'),
  /**
   * Where the audit chain's signed heads are published (decision 125): outside the database, ideally storage its
   * writers cannot rewrite. Default DATA_DIR/audit-heads.
   */
  AUDIT_HEADS_DIR: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  /** Minutes between two publications of the heads (and one at each start). */
  AUDIT_PUBLISH_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1440, 'AUDIT_PUBLISH_MINUTES acima de 1440 deixaria mais de um dia sem topo publicado')
    .default(15),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built SPA lives (built there at start when missing or stale). */
  SPA_DIR: z.string().min(1).default('dist/web'),
  /** Rebuild the SPA even when dist/ looks current. */
  FORCE_BUILD: z.stringbool().default(false),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Configuração inválida:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the configuration; in production also refuses every missing or demo-only setting of the tiers this
 * process runs (`role`). Every problem is listed at once, each as `VARIABLE: reason`.
 */
export function parseConfig(
  env: Record<string, string | undefined> = process.env,
  opts: { role?: ServerRole } = {},
): Config {
  const result = configSchema.safeParse(env);
  const issues = result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  // A key without a name and city would put a made-up receiver in front of the payer.
  if (result.success && result.data.PIX_KEY) {
    if (!result.data.PIX_MERCHANT_NAME) issues.push('PIX_MERCHANT_NAME: obrigatório quando PIX_KEY está definido');
    if (!result.data.PIX_MERCHANT_CITY) issues.push('PIX_MERCHANT_CITY: obrigatório quando PIX_KEY está definido');
  }
  if (env.FIDIS_MODE === 'production') {
    // A variable the schema already refused is listed once, with the schema's reason.
    const flagged = new Set(issues.map((i) => i.slice(0, i.indexOf(':'))));
    issues.push(...productionIssues(env, opts.role ?? 'all').filter((i) => !flagged.has(i.slice(0, i.indexOf(':')))));
  }
  if (issues.length > 0 || !result.success) throw new ConfigError(issues);
  return result.data;
}

/** The master key of testConfig: tests only, never a deployment. */
export const TEST_MASTER_KEY = Buffer.alloc(32, 7).toString('base64');

/** The card network's key of testConfig (tests only). */
export const TEST_NETWORK_KEY = 'rede-de-teste-0123456789abcdef-0123456789';

/** A config for tests: defaults plus overrides, no environment read. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RSA_KEY_BITS: '2048',
    // A fixed key keeps tests off the file system (the demo would create DATA_DIR/master.key).
    FIDIS_MASTER_KEY: TEST_MASTER_KEY,
    NETWORK_API_KEY: TEST_NETWORK_KEY,
    ...overrides,
  });
}
