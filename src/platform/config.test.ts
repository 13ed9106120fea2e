import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: './data', DEMO_LOGIN: 'demo', RSA_KEY_BITS: 3072 });
    expect(c.CEP_API_URL).toBe('https://viacep.com.br/ws/{cep}/json/');
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('stops start-up with a list of every bad value', () => {
    const bad = () =>
      parseConfig({ PORT: 'abc', RSA_KEY_BITS: '1024', DATABASE_URL: 'mysql://x', DEMO_PASSWORD: 'curta' });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (e) {
      const issues = (e as ConfigError).issues.join('\n');
      expect(issues).toMatch(/PORT/);
      expect(issues).toMatch(/RSA_KEY_BITS: RSA_KEY_BITS abaixo de 2048 bits/);
      expect(issues).toMatch(/DATABASE_URL/);
      expect(issues).toMatch(/DEMO_PASSWORD/);
    }
  });

  it('reads the scale-out settings: rate limits, the Redis key prefix, which proxies to trust', () => {
    expect(parseConfig({})).toMatchObject({
      RATE_LIMIT_DEVICES: 30,
      RATE_LIMIT_PROXY: 3000,
      REDIS_KEY_PREFIX: 'fidis:',
      TRUST_PROXY: false,
    });
    const c = parseConfig({ RATE_LIMIT_DEVICES: '5', REDIS_URL: 'redis://10.0.0.5:6379', TRUST_PROXY: 'true' });
    expect(c).toMatchObject({ RATE_LIMIT_DEVICES: 5, REDIS_URL: 'redis://10.0.0.5:6379', TRUST_PROXY: true });
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7' }).TRUST_PROXY).toBe('10.0.0.0/8, 192.168.1.7');
    expect(parseConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(() => parseConfig({ RATE_LIMIT_PROXY: '0' })).toThrow(/RATE_LIMIT_PROXY/);
  });

  it('lets the provider believe X-Forwarded-For from loopback by default, from the BFFs it is told, or from none', () => {
    expect(parseConfig({}).PROVIDER_TRUST_PROXY).toBe('loopback');
    expect(parseConfig({ PROVIDER_TRUST_PROXY: '10.0.4.0/24, 10.0.5.7, ::1' }).PROVIDER_TRUST_PROXY).toBe(
      '10.0.4.0/24, 10.0.5.7, ::1',
    );
    expect(parseConfig({ PROVIDER_TRUST_PROXY: 'false' }).PROVIDER_TRUST_PROXY).toBe(false);
    expect(parseConfig({ PROVIDER_TRUST_PROXY: '' }).PROVIDER_TRUST_PROXY).toBe(false);
    for (const bad of ['bff.internal', '10.0.0.0/33', '10.0.0.1/8/2', '2']) {
      expect(() => parseConfig({ PROVIDER_TRUST_PROXY: bad }), bad).toThrow(/PROVIDER_TRUST_PROXY/);
    }
  });

  it('treats empty optional URLs as absent', () => {
    expect(parseConfig({ DATABASE_URL: '', SMTP_URL: '' }).SMTP_URL).toBeUndefined();
  });
});

describe('demo and production modes', () => {
  const SAFE = {
    FIDIS_MODE: 'production',
    DATABASE_URL: 'postgres://fidis@db.internal:5432/fidis?sslmode=verify-full',
    SMTP_URL: 'smtp://mailer.internal:587?requireTLS=true',
    MAIL_FROM: 'fidis <nao-responda@cartoes.bancoexemplar.com.br>',
    METRICS_TOKEN: 'metricas-internas-0123456789abcdefghij',
    // 32 bytes as `openssl rand -base64 32` gives them (a fixed draw, for the test).
    FIDIS_MASTER_KEY: 'q3J0X1m9cQ8hVv2LzT6pN4eR0sYbK7uW1aDfG5jH8oE=',
  };
  const issuesOf = (env: Record<string, string>, role?: 'all' | 'bff' | 'provider') => {
    try {
      parseConfig(env, { role });
    } catch (e) {
      if (e instanceof ConfigError) return e.issues;
      throw e;
    }
    return [];
  };

  it('is the demo without configuration', () => {
    expect(parseConfig({}).FIDIS_MODE).toBe('demo');
    expect(issuesOf({ FIDIS_MODE: 'prod' }).join('\n')).toMatch(/FIDIS_MODE: .*demo.*production/);
  });

  it('refuses production without PostgreSQL, SMTP and a sender of our own, all listed at once', () => {
    const issues = issuesOf({ FIDIS_MODE: 'production' });
    expect(issues).toHaveLength(5);
    expect(issues[0]).toMatch(/^DATABASE_URL: obrigatório em produção.*PGlite/);
    expect(issues[1]).toMatch(/^SMTP_URL: obrigatório em produção/);
    expect(issues[2]).toMatch(/^MAIL_FROM: obrigatório em produção/);
    expect(issues[3]).toMatch(/^METRICS_TOKEN: obrigatório em produção/);
    expect(issues[4]).toMatch(/^FIDIS_MASTER_KEY: obrigatório em produção/);
    // A key that is not 32 bytes of base64 is refused in any mode, never echoed.
    const short = issuesOf({ FIDIS_MASTER_KEY: 'c2hvcnQ=' }).join('\n');
    expect(short).toMatch(/^FIDIS_MASTER_KEY: deve ter 32 bytes/);
    expect(short).not.toContain('c2hvcnQ=');
  });

  it('lists every unsafe setting in production', () => {
    const issues = issuesOf({
      ...SAFE,
      MAIL_FROM: 'fidis <nao-responda@example.com>',
      DEMO_LOGIN: 'demo',
      DEMO_PASSWORD: 'SenhaDemo2024!',
      TRUST_PROXY: 'true',
      RSA_KEY_BITS: '2048',
      CEP_API_URL: 'http://viacep.com.br/ws/{cep}/json/',
      SMTP_URL: 'http://mailer.internal',
    }).join('\n');
    expect(issues).toMatch(/DEMO_LOGIN: .*demonstração/);
    expect(issues).toMatch(/DEMO_PASSWORD: .*demonstração/);
    expect(issues).toMatch(/TRUST_PROXY: .*X-Forwarded-For/);
    expect(issues).toMatch(/RSA_KEY_BITS: .*3072/);
    expect(issues).toMatch(/MAIL_FROM: .*example\.com.*reservado/);
    expect(issues).toMatch(/CEP_API_URL: .*https/);
    expect(issues).toMatch(/SMTP_URL: .*smtp:\/\/ ou smtps:\/\//);
    // The list names settings, never their values: a password in DEMO_PASSWORD or SMTP_URL stays out of it.
    expect(issues).not.toMatch(/SenhaDemo2024/);
  });

  it('refuses a guessable master key, and a database, Redis or mail server reached off this machine in the clear', () => {
    const only = (env: Record<string, string>, role: 'all' | 'bff' | 'provider' = 'all') =>
      issuesOf({ ...SAFE, ...env }, role);
    const key = (fill: (i: number) => number) => Buffer.from(Array.from({ length: 32 }, (_, i) => fill(i)));
    for (const weak of [
      Buffer.alloc(32, 0),
      Buffer.alloc(32, 0xab),
      key((i) => (i % 2 ? 0x5a : 0xa5)),
      key((i) => [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16][i % 16] as number),
      key((i) => (i < 31 ? 0x41 : 0x42)),
    ]) {
      expect(only({ FIDIS_MASTER_KEY: weak.toString('base64') }), weak.toString('hex')).toEqual([
        'FIDIS_MASTER_KEY: chave de baixa entropia (bytes repetidos ou um padrão curto): gere outra com openssl rand -base64 32',
      ]);
    }
    expect(only({})).toEqual([]);

    const database = /^DATABASE_URL: um PostgreSQL fora desta máquina exige TLS/;
    for (const url of [
      'postgres://fidis@db.internal:5432/fidis',
      'postgres://fidis@10.0.0.5/fidis?sslmode=prefer',
      'postgresql://fidis@db.internal/fidis?sslmode=disable',
      'postgres://fidis@db.internal/fidis?host=db2.internal&sslmode=allow',
    ]) {
      expect(only({ DATABASE_URL: url }), url).toEqual([expect.stringMatching(database)]);
    }
    for (const url of [
      'postgres://fidis@db.internal/fidis?sslmode=require',
      'postgres://fidis@db.internal/fidis?sslmode=verify-ca',
      'postgres://fidis@127.0.0.1:5432/fidis',
      'postgres://fidis@localhost/fidis',
      'postgres://fidis@[::1]/fidis',
      'postgres://fidis@db/fidis?host=/run/postgresql',
    ]) {
      expect(only({ DATABASE_URL: url }), url).toEqual([]);
    }

    const bff = { PROVIDER_URL: 'http://provider.internal:4000' };
    expect(only({ ...bff, REDIS_URL: 'redis://:senha@redis.internal:6379/0' }, 'bff')).toEqual([
      'REDIS_URL: um Redis fora desta máquina exige TLS: use rediss://',
    ]);
    expect(only({ ...bff, REDIS_URL: 'rediss://:senha@redis.internal:6380/0' }, 'bff')).toEqual([]);
    expect(only({ ...bff, REDIS_URL: 'redis://127.0.0.1:6379' }, 'bff')).toEqual([]);

    const smtp = /^SMTP_URL: smtp:\/\/ para um servidor fora desta máquina sem exigir TLS/;
    expect(only({ SMTP_URL: 'smtp://u:senha@mailer.internal:587' }, 'provider')).toEqual([expect.stringMatching(smtp)]);
    expect(only({ SMTP_URL: 'smtp://mailer.internal:25?requireTLS=false' }, 'provider')).toEqual([
      expect.stringMatching(smtp),
    ]);
    for (const url of [
      'smtps://u:senha@mailer.internal:465?tls.rejectUnauthorized=false',
      'smtp://mailer.internal:587?requireTLS=true&tls.rejectUnauthorized=false',
      'smtp://127.0.0.1:25?ignoreTLS=true',
    ]) {
      expect(only({ SMTP_URL: url }, 'provider'), url).toEqual([
        expect.stringMatching(/^SMTP_URL: não desligue a verificação do TLS/),
      ]);
    }
    for (const url of ['smtps://u:senha@mailer.internal:465', 'smtp://127.0.0.1:25', 'smtp://localhost:1025']) {
      expect(only({ SMTP_URL: url }, 'provider'), url).toEqual([]);
    }
    // Listed with the other refusals, in one list, naming settings and never their values.
    const all = only({
      FIDIS_MASTER_KEY: Buffer.alloc(32, 0).toString('base64'),
      DATABASE_URL: 'postgres://fidis:senha-do-banco@db.internal/fidis',
      SMTP_URL: 'smtp://u:senha-do-smtp@mailer.internal',
      REDIS_URL: 'redis://:senha-do-redis@redis.internal',
      DEMO_LOGIN: 'demo',
    });
    expect(all.map((i) => i.slice(0, i.indexOf(':'))).sort()).toEqual([
      'DATABASE_URL',
      'DEMO_LOGIN',
      'FIDIS_MASTER_KEY',
      'REDIS_URL',
      'SMTP_URL',
    ]);
    expect(all.join('\n')).not.toMatch(/senha-do-/);
  });

  it('refuses the demo default sender and placeholder domains in production', () => {
    for (const from of [
      'nao-responda@fidis.com.br',
      'x@exemplo.com.br',
      'x@fidis.example',
      'x@host.invalid',
      'sem-arroba',
    ]) {
      expect(issuesOf({ ...SAFE, MAIL_FROM: from }).join('\n')).toMatch(/^MAIL_FROM: /);
    }
  });

  it('accepts a complete, safe production configuration', () => {
    const c = parseConfig({ ...SAFE, TRUST_PROXY: '10.0.0.0/8', RSA_KEY_BITS: '4096' });
    expect(c).toMatchObject({ FIDIS_MODE: 'production', TRUST_PROXY: '10.0.0.0/8', RSA_KEY_BITS: 4096 });
  });

  it('asks each tier only for what it uses', () => {
    const bff = {
      FIDIS_MODE: 'production',
      DATABASE_URL: SAFE.DATABASE_URL,
      PROVIDER_URL: 'http://provider:4000',
      METRICS_TOKEN: SAFE.METRICS_TOKEN,
      FIDIS_MASTER_KEY: SAFE.FIDIS_MASTER_KEY,
    };
    expect(issuesOf(bff, 'bff')).toEqual([]);
    expect(issuesOf({ ...bff, TRUST_PROXY: 'true' }, 'bff').join('\n')).toMatch(/TRUST_PROXY/);
    // The one-process launcher with an external provider runs no provider of its own: no SMTP needed.
    expect(issuesOf(bff, 'all')).toEqual([]);
    expect(issuesOf({ ...SAFE, TRUST_PROXY: 'true', RSA_KEY_BITS: '2048' }, 'provider')).toEqual([]);
    expect(issuesOf({ ...SAFE, PROVIDER_TRUST_PROXY: 'true' }, 'provider').join('\n')).toMatch(
      /^PROVIDER_TRUST_PROXY: /,
    );
    expect(issuesOf({ ...bff, PROVIDER_TRUST_PROXY: 'true' }, 'bff')).toEqual([]);
  });
});
