// Server configuration, parsed from the environment once at start-up. A bad value stops start-up with a list.
import { z } from 'zod';
import { RSA_DEFAULT_BITS, RSA_MIN_BITS } from '../contracts/constants.ts';

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

// Fastify's trustProxy: false (default), true (believe every hop) or the balancers' addresses/CIDRs, comma-separated.
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((v): boolean | string => (v === '' || v === 'false' ? false : v === 'true' ? true : v));

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl.refine((v) => !v || /^postgres(ql)?:\/\//.test(v), 'deve ser uma URL postgres://'),
  PROVIDER_URL: optionalUrl,
  /** The upstream for the sandbox environment; defaults to PROVIDER_URL. */
  PROVIDER_SANDBOX_URL: optionalUrl,
  PROVIDER_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  DEMO_LOGIN: z.string().min(1).default('demo'),
  DEMO_PASSWORD: z.string().min(12, 'DEMO_PASSWORD precisa de pelo menos 12 caracteres').optional(),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('fidis <nao-responda@fidis.com.br>'),
  CEP_API_URL: z.string().default('https://viacep.com.br/ws/{cep}/json/'),
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
  /** Which proxies to believe about the client address (x-forwarded-for): behind a load balancer. */
  TRUST_PROXY: trustProxy,
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

export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return result.data;
}

/** A config for tests: defaults plus overrides, no environment read. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RSA_KEY_BITS: '2048', ...overrides });
}
