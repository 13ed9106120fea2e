// What production mode refuses (docs/decisions/055): every missing setting and every one only fit for the demo,
// collected together so that one failed start shows the whole list. Messages name settings, never their values.
import { z } from 'zod';
import { mailDomainProblem } from './mail-domains.ts';
import {
  databaseTransportProblem,
  masterKeyEntropyProblem,
  redisTransportProblem,
  smtpTransportProblem,
} from './transport-checks.ts';

/** Which tier a process runs: the checks of a tier it does not run are skipped. */
export type ServerRole = 'all' | 'bff' | 'provider';
type Tier = 'bff' | 'provider';
type Env = Record<string, string | undefined>;

/** RSA_KEY_BITS production asks for (NIST SP 800-57: 3072 bits for keys used beyond 2030). */
export const PRODUCTION_RSA_MIN_BITS = 3072;

interface Rule {
  variable: string;
  tiers: readonly Tier[];
  /** The reason the value is refused in production, or null when it is fine. */
  problem(value: string | undefined, env: Env): string | null;
}

const BOTH: readonly Tier[] = ['bff', 'provider'];
const required = (why: string) => (value: string | undefined) => (value ? null : `obrigatório em produção: ${why}`);
const demoOnly = (value: string | undefined) =>
  value === undefined ? null : 'só vale no modo de demonstração; remova-o em produção';

const RULES: readonly Rule[] = [
  {
    variable: 'DATABASE_URL',
    tiers: BOTH,
    problem: (v) =>
      v
        ? databaseTransportProblem(v)
        : 'obrigatório em produção: o PGlite embutido (DATA_DIR) é só para demonstração; informe o PostgreSQL',
  },
  {
    variable: 'REDIS_URL',
    tiers: ['bff'],
    problem: (v) => (v ? redisTransportProblem(v) : null),
  },
  {
    variable: 'SMTP_URL',
    tiers: ['provider'],
    problem: (v) =>
      !v
        ? 'obrigatório em produção: sem ele senhas temporárias e códigos de recuperação não chegariam a ninguém'
        : /^smtps?:\/\//.test(v)
          ? smtpTransportProblem(v)
          : 'deve começar com smtp:// ou smtps://',
  },
  {
    variable: 'MAIL_FROM',
    tiers: ['provider'],
    problem: (v) =>
      v ? mailDomainProblem(v) : 'obrigatório em produção: o remetente padrão é de demonstração (domínio reservado)',
  },
  {
    variable: 'CEP_API_URL',
    tiers: ['provider'],
    problem: (v) => (v === undefined || v.startsWith('https://') ? null : 'deve usar https:// em produção'),
  },
  {
    variable: 'TRUST_PROXY',
    tiers: ['bff'],
    problem: (v) =>
      v?.trim() === 'true'
        ? 'true aceita X-Forwarded-For de qualquer remetente; informe os endereços ou CIDRs dos balanceadores'
        : null,
  },
  {
    variable: 'PROVIDER_TRUST_PROXY',
    tiers: ['provider'],
    problem: (v) =>
      v?.trim() === 'true'
        ? 'true deixa qualquer remetente escolher o endereço gravado na auditoria; informe os endereços dos BFFs'
        : null,
  },
  {
    variable: 'RSA_KEY_BITS',
    tiers: ['bff'],
    problem: (v) =>
      v !== undefined && Number(v) < PRODUCTION_RSA_MIN_BITS
        ? `abaixo de ${PRODUCTION_RSA_MIN_BITS} bits não é aceito em produção`
        : null,
  },
  {
    variable: 'METRICS_TOKEN',
    tiers: ['bff'],
    problem: required('sem ele /metrics mostra o tráfego do portal a quem alcançar o BFF'),
  },
  { variable: 'DEMO_LOGIN', tiers: BOTH, problem: demoOnly },
  { variable: 'DEMO_PASSWORD', tiers: BOTH, problem: demoOnly },
  {
    variable: 'FIDIS_MASTER_KEY',
    tiers: BOTH,
    problem: (v) =>
      v
        ? masterKeyEntropyProblem(v)
        : 'obrigatório em produção: a chave mestra que cifra os segredos guardados no banco (decisão 072)',
  },
];

function tiersOf(role: ServerRole, env: Env): readonly Tier[] {
  if (role !== 'all') return [role];
  // The one-process launcher runs a provider of its own only when PROVIDER_URL names none.
  return z.url().safeParse(env.PROVIDER_URL).success ? ['bff'] : BOTH;
}

/** `VARIABLE: reason` for each setting production refuses; empty when the configuration is fit for production. */
export function productionIssues(env: Env, role: ServerRole): string[] {
  const tiers = tiersOf(role, env);
  const issues: string[] = [];
  for (const rule of RULES) {
    if (!rule.tiers.some((t) => tiers.includes(t))) continue;
    const value = env[rule.variable] === '' ? undefined : env[rule.variable];
    const problem = rule.problem(value, env);
    if (problem) issues.push(`${rule.variable}: ${problem}`);
  }
  return issues;
}
