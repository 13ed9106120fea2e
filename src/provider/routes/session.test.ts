import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { testConfig } from '../../platform/config.ts';
import { freshDatabase } from '../../platform/test-database.ts';
import { buildProvider } from '../app.ts';
import { migrate } from '../db/migrate.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

const MINUTE = 60_000;

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const companies = (headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url: '/v1/corporate/companies', headers });

describe('health', () => {
  it('answers ok without a session and with no headers of its own to leak, 503 once the database is gone', async () => {
    const { handle, dispose } = await freshDatabase();
    await migrate(handle);
    const app = buildProvider({ db: handle, config: testConfig() });
    try {
      const up = await app.inject({ method: 'GET', url: '/health' });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toEqual({ status: 'ok' });
      expect(up.headers['x-content-type-options']).toBe('nosniff');
      await handle.close();
      const down = await app.inject({ method: 'GET', url: '/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable' });
    } finally {
      await app.close();
      await dispose();
    }
  });
});

describe('bearer sessions', () => {
  it('refuses a request without a token, or with a forged one', async () => {
    const none = await companies();
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe(messages.generic.unauthenticated);

    const forged = await new SignJWT({ sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(crypto.randomUUID())
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    expect((await companies(bearer(forged))).statusCode).toBe(401);
    expect((await companies({ authorization: 'Basic ZGVtbzpkZW1v' })).statusCode).toBe(401);
  });

  it('expires a session idle for more than 15 minutes', async () => {
    const token = await h.token(DEMO.login, DEMO.password);
    h.clock.advance(15 * MINUTE);
    expect((await companies(bearer(token))).statusCode).toBe(200);
    h.clock.advance(15 * MINUTE + 1000);
    expect((await companies(bearer(token))).statusCode).toBe(401);
  });

  it('keeps a session alive while it is used', async () => {
    const token = await h.token(DEMO.login, DEMO.password);
    for (let i = 0; i < 6; i++) {
      h.clock.advance(10 * MINUTE);
      expect((await companies(bearer(token))).statusCode).toBe(200);
    }
  });

  it('does not let one user’s token name another user’s session', async () => {
    const token = await h.token(DEMO.login, DEMO.password);
    const [, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const tampered = [
      token.split('.')[0],
      Buffer.from(JSON.stringify({ ...claims, sub: crypto.randomUUID() })).toString('base64url'),
      token.split('.')[2],
    ].join('.');
    expect((await companies(bearer(tampered))).statusCode).toBe(401);
  });
});
