// /metrics behind METRICS_TOKEN (decision 065): production will not start without one (src/platform), the BFF
// asks for it as a bearer, and the demo without one keeps /metrics open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../contracts/messages.ts';
import { ConfigError, parseConfig, testConfig } from '../platform/config.ts';
import { createFixture, type Fixture } from './test/fixture.ts';

const TOKEN = 'metricas-internas-0123456789abcdefghij';
let fx: Fixture;
beforeAll(async () => {
  fx = await createFixture({ config: testConfig({ METRICS_TOKEN: TOKEN }) });
});
afterAll(() => fx?.close());

const metrics = (authorization?: string) =>
  fx.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('/metrics with METRICS_TOKEN', () => {
  it('refuses a call without the token, or with another, with 401 and a pt-BR reason', async () => {
    for (const given of [undefined, 'Bearer errado', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await metrics(given);
      expect(res.statusCode, String(given)).toBe(401);
      expect(res.json()).toEqual({ code: 'METRICS_TOKEN', message: messages.proxy.metricsToken });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.body).not.toContain('fidis_bff_');
    }
  });

  it('answers the metrics to the bearer of the token', async () => {
    const res = await metrics(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('fidis_bff_http_request_duration_seconds');
  });

  it('stays open in the demo without a token', async () => {
    const open = await fx.build({ config: testConfig() });
    expect((await open.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
  });
});

describe('METRICS_TOKEN in the configuration', () => {
  const production = {
    FIDIS_MODE: 'production',
    DATABASE_URL: 'postgres://fidis@db.internal:5432/fidis',
    PROVIDER_URL: 'http://provider.internal:4000',
  };
  const issuesOf = (env: Record<string, string>) => {
    try {
      parseConfig(env, { role: 'bff' });
      return [];
    } catch (e) {
      if (e instanceof ConfigError) return e.issues;
      throw e;
    }
  };

  it('is required by a production BFF, and too short a token is refused', () => {
    expect(issuesOf(production).join('\n')).toMatch(/METRICS_TOKEN: obrigatório em produção/);
    expect(issuesOf({ ...production, METRICS_TOKEN: TOKEN }).join('\n')).not.toMatch(/METRICS_TOKEN/);
    expect(issuesOf({ ...production, METRICS_TOKEN: 'curto' }).join('\n')).toMatch(/METRICS_TOKEN.*32 caracteres/);
  });

  it('is not asked of the demo nor of a provider alone', () => {
    expect(parseConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(() => parseConfig({ ...production, METRICS_TOKEN: '' }, { role: 'provider' })).not.toThrow(/METRICS_TOKEN/);
  });
});
