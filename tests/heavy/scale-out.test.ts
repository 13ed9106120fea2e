// Scale-out: the provider and two BFF instances as separate processes on one PostgreSQL database, sharing the
// replay cache and the rate limits through Redis. The browser's protocol is spoken over real HTTP.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { request } from 'undici';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisLocation } from '../../src/bff/replay-redis.ts';
import { COMMON_INNER_HEADERS, TestClient } from '../../src/bff/test/client.ts';
import { endpoints, PROVIDER_HOSTS } from '../../src/contracts/endpoints.ts';
import { messages } from '../../src/contracts/messages.ts';
import { sealJson } from '../../src/crypto/index.ts';
import { signIn as providerToken } from '../../src/security/stack.ts';
import { overHttp } from './support/http-app.ts';
import { createDatabase, type ScratchDatabase } from './support/postgres.ts';
import { BFF_READY, bffCallerHeaders, PROVIDER_READY, startTier, type Tier } from './support/tier.ts';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const DEMO_PASSWORD = 'Escala-demo-2026';
const DEVICES_PER_MINUTE = 5;
const keyPrefix = `fidis-scale-${randomBytes(5).toString('hex')}:`;
const api = PROVIDER_HOSTS.prod[0];

let db: ScratchDatabase | undefined;
const tiers: Tier[] = [];
let bff1: Tier;
let bff2: Tier;

beforeAll(async () => {
  // Fails here, loudly, when Redis is absent: this suite is about sharing through it.
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
  await probe.connect();
  probe.disconnect();

  db = await createDatabase('scale');
  const provider = await startTier(
    'provider',
    'start:provider',
    { DATABASE_URL: db.url, PROVIDER_PORT: '0', DEMO_PASSWORD },
    PROVIDER_READY,
  );
  tiers.push(provider);
  const bffEnv = (name: string) =>
    startTier(
      name,
      'start:bff',
      {
        DATABASE_URL: db!.url,
        PROVIDER_URL: provider.url,
        REDIS_URL,
        REDIS_KEY_PREFIX: keyPrefix,
        PORT: '0',
        RATE_LIMIT_DEVICES: String(DEVICES_PER_MINUTE),
        // The test plays the load balancer: it reports client addresses from loopback.
        TRUST_PROXY: '127.0.0.1',
      },
      BFF_READY,
    );
  // Both at once, as instances behind a balancer start: they must converge on one key in the database.
  const started = await Promise.allSettled([bffEnv('bff 1'), bffEnv('bff 2')]);
  for (const s of started) if (s.status === 'fulfilled') tiers.push(s.value);
  for (const s of started) if (s.status === 'rejected') throw s.reason;
  [bff1, bff2] = tiers.slice(1) as [Tier, Tier];
});

afterAll(async () => {
  for (const tier of tiers) await tier.kill();
  await db?.drop();
  const redis = new Redis(REDIS_URL, { lazyConnect: true });
  await redis.connect().catch(() => undefined);
  const keys = await redis.keys(`${keyPrefix}*`).catch(() => []);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

async function signIn(client: TestClient): Promise<string> {
  const res = await client.proxy({
    method: 'POST',
    url: `${api}${endpoints.login.path}`,
    headers: { ...COMMON_INNER_HEADERS, Authorization: undefined },
    data: { login: 'demo', senha: DEMO_PASSWORD },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // The BFF keeps the user's token in its sealed cookie and takes it out of the answer (decision 040); this client
  // has no cookie jar, so it names a bearer of its own, as tools and the security suites do (the proxy lets a named
  // bearer win). The sign-in above still went through BFF 1, so its limits and replay cache were exercised.
  expect((res.body as { token?: string }).token).toBeUndefined();
  return providerToken(tiers[0]!.url, 'demo', DEMO_PASSWORD, bffCallerHeaders);
}

const companies = (token: string) => ({
  method: 'GET',
  url: `${api}${endpoints.companies.path}`,
  headers: { ...COMMON_INNER_HEADERS, Authorization: `Bearer ${token}` },
});

describe('two BFF instances, one database, one Redis', () => {
  it('say at start-up that the replay cache and the limits are in Redis, and serve the same key', async () => {
    for (const bff of [bff1, bff2]) {
      expect(bff.output()).toContain(`cache de replay e limites de requisição: Redis em ${redisLocation(REDIS_URL)}`);
    }
    const key = async (t: Tier) => (await (await request(`${t.url}/keys`)).body.json()) as { publicKey: string };
    expect((await key(bff1)).publicKey).toBe((await key(bff2)).publicKey);
  });

  it('a device registered through BFF 1 makes sealed calls through BFF 2', async () => {
    const client = new TestClient(overHttp(bff1.url));
    expect((await client.register()).status).toBe(200);
    const token = await signIn(client);

    client.app = overHttp(bff2.url);
    const res = await client.proxy(companies(token));
    expect(res.status).toBe(200);
    expect(res.sealed).toBe(true);
    // The operator's companies, as the provider itself answers them.
    const names = (res.body as { companies: { corporateName: string }[] }).companies.map((c) => c.corporateName);
    const direct = await request(`${tiers[0]!.url}${endpoints.companies.path}`, {
      headers: { authorization: `Bearer ${token}`, ...bffCallerHeaders },
    });
    const theirs = ((await direct.body.json()) as { companies: { corporateName: string }[] }).companies;
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual(theirs.map((c) => c.corporateName));
  });

  it('refuses, sealed, a request that BFF 1 took and someone replays through BFF 2', async () => {
    const client = new TestClient(overHttp(bff1.url));
    expect((await client.register()).status).toBe(200);
    const token = await signIn(client);
    const requestId = v7();
    const sealed = await sealJson(client.sessionKey!, companies(token), requestId);

    const first = await client.post(sealed, requestId);
    expect(first.status).toBe(200);

    client.app = overHttp(bff2.url);
    const replayed = await client.post(sealed, requestId);
    expect(replayed).toMatchObject({
      status: 409,
      sealed: true,
      body: { code: 'REPLAYED', message: messages.proxy.replayed },
    });
  });

  it('keep serving after PostgreSQL ends all their connections (a restart, a failover)', async () => {
    const client = new TestClient(overHttp(bff1.url));
    expect((await client.register()).status).toBe(200);
    const token = await signIn(client);
    expect(await db!.terminateConnections()).toBeGreaterThan(0);

    // New device sessions (BFF tables) and provider reads both need fresh connections now.
    const other = new TestClient(overHttp(bff2.url));
    expect((await other.register()).status).toBe(200);
    client.app = overHttp(bff2.url);
    const res = await client.proxy(companies(token));
    expect(res.status).toBe(200);
    expect((await request(`${bff1.url}/health`)).statusCode).toBe(200);
  });

  it('counts one rate limit for both: registrations split over the two hit 429 after the limit', async () => {
    // A client address of its own, so the registrations of the other tests do not count.
    const address = `203.0.113.${1 + (randomBytes(1)[0]! % 250)}`;
    const statuses: number[] = [];
    const refusals: unknown[] = [];
    for (let i = 0; i < DEVICES_PER_MINUTE + 2; i++) {
      const bff = i % 2 === 0 ? bff1 : bff2;
      const res = await new TestClient(overHttp(bff.url, { 'x-forwarded-for': address })).register();
      statuses.push(res.status);
      if (res.status === 429) refusals.push(res.body);
    }
    // Alone, each instance would have let DEVICES_PER_MINUTE through: seven calls would all pass.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    for (const body of refusals) expect(body).toEqual({ code: 'RATE_LIMITED', message: messages.proxy.tooMany });
  });
});
