// The BFF's per-address limit on sign-in and recovery (decision 068): counted after the envelope is opened and
// matched, answered with a sealed 429 and the reason the login and recovery screens show; other endpoints and other
// addresses are not held back; with Redis, every BFF instance counts against the same budget.
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../contracts/messages.ts';
import { PROVIDER_HOSTS } from '../contracts/routes.ts';
import { connectRedis } from './replay-redis.ts';
import { COMMON_INNER_HEADERS, TestClient } from './test/client.ts';
import { createFixture, type Fixture } from './test/fixture.ts';

const BASE = PROVIDER_HOSTS.prod[0];
const LIMIT = 20;
const LOGIN_BODY = { login: 'operadora.qualquer', senha: 'Senha-Errada-2026' };
const login = {
  method: 'POST',
  url: `${BASE}/v0/portal/usuario/login`,
  headers: COMMON_INNER_HEADERS,
  data: LOGIN_BODY,
};
const recovery = { ...login, url: `${BASE}/v0/portal/usuario/recuperarsenha`, data: { login: 'operadora.qualquer' } };
const companies = { method: 'GET', url: `${BASE}/v1/corporate/companies`, headers: COMMON_INNER_HEADERS };

let fx: Fixture;
beforeAll(async () => {
  fx = await createFixture({ trustProxy: true, rateLimit: { signIn: LIMIT } });
});
afterAll(() => fx?.close());

async function deviceAt(app: Fixture['app'], address: string) {
  const client = new TestClient(app);
  await client.fetchKey();
  await client.register({}, v7());
  const from = { 'x-forwarded-for': address };
  return {
    send: (inner: typeof login | typeof companies) => client.proxy(inner, { headers: from }),
  };
}

describe('per-address limit on sign-in and recovery', () => {
  it(`answers sign-in number ${LIMIT + 1} from one address with a sealed 429, while another address signs in`, async () => {
    const crowded = await deviceAt(fx.app, '203.0.113.7');
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await crowded.send(i % 2 ? recovery : login)).status);
    expect(statuses.every((s) => s < 429)).toBe(true);
    const refused = await crowded.send(login);
    expect(refused.status).toBe(429);
    expect(refused.sealed).toBe(true);
    expect(refused.body).toEqual({ code: 'RATE_LIMITED', message: messages.generic.tooMany });
    // Other endpoints from the same address are not part of this budget.
    expect((await crowded.send(companies)).status).toBe(200);
    const other = await deviceAt(fx.app, '198.51.100.9');
    expect((await other.send(login)).status).toBe(200);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('with Redis', () => {
  it('two BFF instances on one Redis prefix share the count', async () => {
    const log = { warn: () => undefined, info: () => undefined };
    const keyPrefix = `fidis-test:sign-in:${v7()}:`;
    const redis = await connectRedis(process.env.TEST_REDIS_URL as string, log, { keyPrefix });
    try {
      const [a, b] = [await fx.build({ redis }), await fx.build({ redis })];
      const address = '192.0.2.44';
      const onA = await deviceAt(a, address);
      const onB = await deviceAt(b, address);
      for (let i = 0; i < LIMIT / 2; i++) {
        expect((await onA.send(login)).status).toBe(200);
        expect((await onB.send(login)).status).toBe(200);
      }
      expect((await onA.send(login)).status).toBe(429);
      expect((await onB.send(login)).status).toBe(429);
    } finally {
      // KEYS ignores the connection's prefix: ask for ours only, delete them through the prefix.
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length > 0) await redis.del(...keys.map((k) => k.slice(keyPrefix.length)));
      await redis.quit();
    }
  });
});
