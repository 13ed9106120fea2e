import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FID } from '../contracts/constants.ts';
import { ConfigError, parseConfig, testConfig } from '../platform/config.ts';
import { freshDatabase } from '../platform/test-database.ts';
import { buildBff } from './app.ts';
import { TestClient } from './test/client.ts';
import { createFixture, type Fixture } from './test/fixture.ts';
import { DOUBLE_COMPANIES } from './test/provider-double.ts';

const companies = {
  method: 'GET',
  url: 'https://api.fidis.com.br/v1/corporate/companies',
  headers: { Authorization: 'Bearer t', environmentName: 'prd', systemName: 'fidis' },
};

let fx: Fixture;
beforeAll(async () => {
  fx = await createFixture();
});
afterAll(async () => {
  await fx?.close();
});

describe('GET /keys', () => {
  it('serves an RSA SPKI key of the configured size, with the algorithm', async () => {
    const res = await fx.app.inject({ method: 'GET', url: '/keys' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.algorithm).toBe('RSA-OAEP-256');
    expect(body.keySize).toBe(2048);
    const key = createPublicKey({ key: Buffer.from(body.publicKey, 'base64'), format: 'der', type: 'spki' });
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(key.asymmetricKeyDetails?.publicExponent).toBe(0x10001n);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('serves the same key from a second app on the same database', async () => {
    const app2 = await fx.build();
    const a = (await fx.app.inject({ method: 'GET', url: '/keys' })).json();
    const b = (await app2.inject({ method: 'GET', url: '/keys' })).json();
    expect(b.publicKey).toBe(a.publicKey);
  });

  it('refuses a configured size below 2048 bits, in parseConfig and in buildBff', async () => {
    expect(() => parseConfig({ RSA_KEY_BITS: '1024' })).toThrow(ConfigError);
    const { handle: db, dispose } = await freshDatabase();
    try {
      await expect(
        buildBff({
          config: { ...testConfig(), RSA_KEY_BITS: 1024 },
          sql: db.sql,
          upstreams: { prod: 'http://127.0.0.1:1', sandbox: 'http://127.0.0.1:1' },
          logger: false,
        }),
      ).rejects.toThrow(/below the minimum/);
    } finally {
      await dispose();
    }
  });

  it('refuses to start on a stored key below 2048 bits', async () => {
    const { handle: db, dispose } = await freshDatabase();
    try {
      await db.sql.query(
        `create table bff_keys (id text primary key, public_spki text not null, private_pkcs8 text not null,
         modulus_bits integer not null, created_at timestamptz not null default now())`,
      );
      const weak = generateKeyPairSync('rsa', {
        modulusLength: 1024,
        publicKeyEncoding: { type: 'spki', format: 'der' },
        privateKeyEncoding: { type: 'pkcs8', format: 'der' },
      });
      // The column claims 4096: the size is read from the key itself.
      await db.sql.query('insert into bff_keys values ($1, $2, $3, $4)', [
        'transport',
        weak.publicKey.toString('base64'),
        weak.privateKey.toString('base64'),
        4096,
      ]);
      await expect(
        buildBff({
          config: testConfig(),
          sql: db.sql,
          upstreams: { prod: 'http://127.0.0.1:1', sandbox: 'http://127.0.0.1:1' },
          logger: false,
        }),
      ).rejects.toThrow(/below the minimum/);
    } finally {
      await dispose();
    }
  });
});

describe('POST /devices', () => {
  it('registers a device and answers a sealed access token bound to it', async () => {
    const client = new TestClient(fx.app);
    const res = await client.register();
    expect(res.status).toBe(200);
    expect(res.sealed).toBe(true);
    const token = (res.body as { accessToken: string }).accessToken;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims.sub).toBe(client.deviceId);
    expect(claims.exp - claims.iat).toBe(12 * 60 * 60);
    expect(res.headers['cache-control']).toBe('no-store');
    const { rows } = await fx.db.sql.query<{ fid: string; device_name: string }>(
      'select fid, device_name from bff_device_sessions where device_id = $1',
      [client.deviceId],
    );
    expect(rows).toEqual([{ fid: FID, device_name: 'vitest' }]);
  });

  it('keeps the session across instances: register on app 1, proxy through app 2', async () => {
    const client = new TestClient(fx.app);
    expect((await client.register()).status).toBe(200);
    const app2 = await fx.build();
    client.app = app2;
    const before = fx.double.count;
    const res = await client.proxy(companies);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DOUBLE_COMPANIES);
    expect(fx.double.count).toBe(before + 1);
  });

  it('re-registration replaces the secrets and revokes the previous token', async () => {
    const client = new TestClient(fx.app);
    await client.register();
    const oldToken = client.accessToken!;
    const oldKey = client.sessionKey!;
    client.cipherAES = 'A'.repeat(32);
    client.tokenAES = 'B'.repeat(32);
    client.accessToken = undefined;
    expect((await client.register()).status).toBe(200);
    expect((await client.proxy(companies)).status).toBe(200);
    // The old token (with the old key) is refused, on this instance and on a fresh one.
    const newToken = client.accessToken!;
    const newKey = client.sessionKey!;
    client.accessToken = oldToken;
    client.sessionKey = oldKey;
    const refused = await client.proxy(companies);
    expect(refused.status).toBe(401);
    client.app = await fx.build();
    expect((await client.proxy(companies)).status).toBe(401);
    client.accessToken = newToken;
    client.sessionKey = newKey;
    expect((await client.proxy(companies)).status).toBe(200);
  });

  it.each([
    ['wrong fid', { fid: 'other-app' }],
    ['id different from x-device-id', { id: crypto.randomUUID() }],
    ['short session secret', { sessionToken: 'abc' }],
    ['non-alphanumeric secret', { sessionCipher: `${'a'.repeat(31)}-` }],
    ['latitude not a number', { latitude: '0' }],
    ['unexpected field', { admin: true }],
  ])('refuses a registration with %s', async (_name, overrides) => {
    const client = new TestClient(fx.app);
    const res = await client.register(overrides);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_DEVICE', message: expect.any(String) });
    const { rows } = await fx.db.sql.query('select 1 from bff_device_sessions where device_id = $1', [client.deviceId]);
    expect(rows).toHaveLength(0);
  });

  it('refuses a garbage box, a box sealed for another request id, and a missing x-fid', async () => {
    const client = new TestClient(fx.app);
    await client.fetchKey();
    const requestId = v7();
    const headers = { ...client.baseHeaders(requestId) };
    const garbage = await fx.app.inject({
      method: 'POST',
      url: '/devices',
      headers,
      payload: { key: 'AAAA', payload: 'abcd' },
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toMatchObject({ code: 'BAD_ENVELOPE' });

    const { sealToPublicKey } = await import('../crypto/index.ts');
    const box = await sealToPublicKey(client.publicKey!, client.registrationPayload(), v7());
    const otherId = await fx.app.inject({ method: 'POST', url: '/devices', headers, payload: box });
    expect(otherId.statusCode).toBe(400);
    expect(otherId.json()).toMatchObject({ code: 'BAD_ENVELOPE' });

    const noFid = await fx.app.inject({
      method: 'POST',
      url: '/devices',
      headers: { ...headers, 'x-fid': 'nope' },
      payload: box,
    });
    expect(noFid.statusCode).toBe(400);
    expect(noFid.json()).toMatchObject({ code: 'BAD_CLIENT' });

    const text = await fx.app.inject({
      method: 'POST',
      url: '/devices',
      headers: { ...headers, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
  });

  it('refuses a replayed registration', async () => {
    const client = new TestClient(fx.app);
    const requestId = v7();
    expect((await client.register({}, requestId)).status).toBe(200);
    const again = await client.register({}, requestId);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'REPLAYED' });
  });

  it('rate-limits registrations per address with 429', async () => {
    const app = await fx.build({ rateLimit: { devices: 3 } });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await new TestClient(app).register());
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
    // The limit's counters go out with a refusal only (decision 097): the SPA never reads them on a success.
    expect(answers[0]?.headers['x-ratelimit-remaining']).toBeUndefined();
    expect(answers[3]?.headers['retry-after']).toMatch(/^\d+$/);
    expect(answers[3]?.headers['x-ratelimit-limit']).toBe('3');
    const res = await new TestClient(app).register();
    expect(res.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/Muitas/) });
  });
});
