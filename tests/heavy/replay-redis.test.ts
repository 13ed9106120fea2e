// Against the machine's Redis (TEST_REDIS_URL, else 127.0.0.1:6379), so it is a heavy suite: `npm test` needs no
// server besides the embedded ones. No Redis fails this file at connect: CI has one, and a silent pass would hide
// that the shared replay cache was never exercised.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReplayCapacityError, ReplayStoreUnavailableError } from '../../src/bff/replay.ts';
import { connectRedis, RedisReplayGuard } from '../../src/bff/replay-redis.ts';
import { COMMON_INNER_HEADERS, TestClient } from '../../src/bff/test/client.ts';
import { createFixture, type Fixture } from '../../src/bff/test/fixture.ts';
import { DOUBLE_COMPANIES } from '../../src/bff/test/provider-double.ts';
import { messages } from '../../src/contracts/messages.ts';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
// One namespace per run, so reruns and parallel runs never see each other's ids or counters.
const keyPrefix = `fidis-test-${randomBytes(6).toString('hex')}:`;
const quiet = { warn() {}, info() {} };
const companies = {
  method: 'GET',
  url: 'https://api.fidis.com.br/v1/corporate/companies',
  headers: COMMON_INNER_HEADERS,
};

/** The app as reached through a load balancer that reports `address` as the client's. */
const behindBalancer = (app: FastifyInstance, address: string) =>
  ({
    inject: (opts: InjectOptions) => app.inject({ ...opts, headers: { ...opts.headers, 'x-forwarded-for': address } }),
  }) as unknown as FastifyInstance;

const opened: Redis[] = [];
const connect = async () => {
  const redis = await connectRedis(REDIS_URL, quiet, { keyPrefix });
  opened.push(redis);
  return redis;
};

let redis: Redis;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  if (redis) {
    // Keys are read without the connection's prefix, then deleted through it.
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length) await redis.del(...keys.map((k) => k.slice(keyPrefix.length)));
  }
  for (const r of opened) r.disconnect();
});

describe('RedisReplayGuard', () => {
  it('accepts an id once per device, whichever instance sees it first', async () => {
    const one = new RedisReplayGuard(redis);
    const other = new RedisReplayGuard(await connect());
    const device = crypto.randomUUID();
    const id = v7();
    const expiresAt = Date.now() + 60_000;
    expect(await one.firstSeen(device, id, expiresAt)).toBe(true);
    expect(await other.firstSeen(device, id, expiresAt)).toBe(false);
    expect(await one.firstSeen(device, id, expiresAt)).toBe(false);
    expect(await other.firstSeen(crypto.randomUUID(), id, expiresAt)).toBe(true);
  });

  it('keeps an id for the rest of its window only, under the deployment prefix', async () => {
    const now = 1_700_000_000_000;
    const guard = new RedisReplayGuard(redis, () => now);
    const device = crypto.randomUUID();
    const id = v7();
    expect(await guard.firstSeen(device, id, now + 60_000)).toBe(true);
    const ttl = await redis.pttl(`replay:${device}:${id}`);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await redis.keys(`${keyPrefix}replay:${device}:*`)).toEqual([`${keyPrefix}replay:${device}:${id}`]);

    // An id whose window has closed may be recorded again (the BFF refuses it as stale before asking).
    const shortLived = v7();
    expect(await guard.firstSeen(device, shortLived, now + 1)).toBe(true);
    while ((await redis.exists(`replay:${device}:${shortLived}`)) === 1) await new Promise((r) => setTimeout(r, 5));
    expect(await guard.firstSeen(device, shortLived, now + 1)).toBe(true);
  });

  it('fails closed when Redis does not answer', async () => {
    const lost = await connect();
    lost.disconnect();
    const guard = new RedisReplayGuard(lost);
    const attempt = guard.firstSeen(crypto.randomUUID(), v7(), Date.now() + 60_000);
    await expect(attempt).rejects.toBeInstanceOf(ReplayStoreUnavailableError);
    await expect(attempt).rejects.toBeInstanceOf(ReplayCapacityError);
  });

  it('stops start-up with a clear message when REDIS_URL points nowhere', async () => {
    await expect(connectRedis('redis://127.0.0.1:1', quiet, { keyPrefix })).rejects.toThrow(
      /Redis em redis:\/\/127\.0\.0\.1:1 não respondeu: connect ECONNREFUSED/,
    );
  });
});

describe('two BFF instances sharing Redis', () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await createFixture({ redis, rateLimit: { devices: 4, proxy: 1000 } });
  });
  afterAll(async () => {
    await fx?.close();
  });

  it('refuses, sealed, a request replayed through the other instance', async () => {
    const client = new TestClient(fx.app);
    expect((await client.register()).status).toBe(200);
    const requestId = v7();
    const first = await client.proxy(companies, { requestId });
    expect(first).toMatchObject({ status: 200, sealed: true, body: DOUBLE_COMPANIES });

    client.app = await fx.build();
    const before = fx.double.count;
    const replayed = await client.proxy(companies, { requestId });
    expect(replayed).toMatchObject({
      status: 409,
      sealed: true,
      body: { code: 'REPLAYED', message: messages.proxy.replayed },
    });
    expect(fx.double.count).toBe(before);
  });

  it('counts the rate limit once across instances', async () => {
    // A client address of its own (trustProxy), so the earlier registrations do not count here.
    const address = '198.51.100.23';
    const apps = [await fx.build({ trustProxy: true }), await fx.build({ trustProxy: true })];
    const statuses: number[] = [];
    let refusal: unknown;
    for (let i = 0; i < 6; i++) {
      const res = await new TestClient(behindBalancer(apps[i % 2]!, address)).register();
      statuses.push(res.status);
      if (res.status === 429) refusal = res.body;
    }
    // Four per minute in all: alone, each instance would have let six through.
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(refusal).toEqual({ code: 'RATE_LIMITED', message: messages.proxy.tooMany });
    expect(await redis.keys(`${keyPrefix}rate-limit:*${address}`)).toHaveLength(1);
  });

  it('while Redis is down: the limit lets requests by, the replay guard refuses them with 503, sealed', async () => {
    const client = new TestClient(fx.app);
    expect((await client.register()).status).toBe(200);
    const lost = await connect();
    lost.disconnect();
    client.app = await fx.build({ redis: lost });
    const before = fx.double.count;
    const res = await client.proxy(companies);
    expect(res).toMatchObject({ status: 503, sealed: true, body: { code: 'BUSY', message: messages.proxy.busy } });
    expect(fx.double.count).toBe(before);
  });
});
