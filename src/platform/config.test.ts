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

  it('treats empty optional URLs as absent', () => {
    expect(parseConfig({ DATABASE_URL: '', SMTP_URL: '' }).SMTP_URL).toBeUndefined();
  });
});
