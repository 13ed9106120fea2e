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

  it('treats empty optional URLs as absent', () => {
    expect(parseConfig({ DATABASE_URL: '', SMTP_URL: '' }).SMTP_URL).toBeUndefined();
  });
});
