// What the /proxy fast path must keep doing: a token is verified once per device session, yet its expiry, its
// signature and its device still decide every call; the provider's JSON comes back sealed exactly as sent.
import { createServer, type Server } from 'node:http';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_S } from './app.ts';
import { COMMON_INNER_HEADERS, TestClient } from './test/client.ts';
import { createFixture, type Fixture } from './test/fixture.ts';
import { DOUBLE_COMPANIES } from './test/provider-double.ts';
import { MAX_UPSTREAM_BODY_BYTES } from './upstream.ts';

const companies = {
  method: 'GET',
  url: 'https://api.fidis.com.br/v1/corporate/companies',
  headers: COMMON_INNER_HEADERS,
};

describe('access tokens on the fast path', () => {
  let clock = Date.UTC(2026, 0, 5, 12, 0, 0, 250);
  let fx: Fixture;
  beforeAll(async () => {
    fx = await createFixture({ now: () => clock });
  });
  afterAll(async () => {
    await fx?.close();
  });
  // Request ids must carry the BFF's clock, or they would be refused as stale.
  const call = (client: TestClient) => client.proxy(companies, { requestId: v7({ msecs: clock }) });

  it('refuses a token from the second it expires, although it was accepted before', async () => {
    const client = new TestClient(fx.app);
    expect((await client.register({}, v7({ msecs: clock }))).status).toBe(200);
    const expiresAt = (Math.floor(clock / 1000) + ACCESS_TOKEN_TTL_S) * 1000;
    expect((await call(client)).status).toBe(200);
    clock = expiresAt - 1;
    expect((await call(client)).status).toBe(200);
    clock = expiresAt;
    const refused = await call(client);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses a token with one altered signature character after the real one was accepted', async () => {
    const client = new TestClient(fx.app);
    expect((await client.register({}, v7({ msecs: clock }))).status).toBe(200);
    expect((await call(client)).status).toBe(200);
    const token = client.accessToken!;
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    client.accessToken = `${token.slice(0, -2)}${last}${token.slice(-1)}`;
    expect((await call(client)).status).toBe(401);
    client.accessToken = token;
    expect((await call(client)).status).toBe(200);
  });

  it('refuses a live token presented by another device, even after both were accepted', async () => {
    const one = new TestClient(fx.app);
    const two = new TestClient(fx.app);
    expect((await one.register({}, v7({ msecs: clock }))).status).toBe(200);
    expect((await two.register({}, v7({ msecs: clock }))).status).toBe(200);
    expect((await call(one)).status).toBe(200);
    expect((await call(two)).status).toBe(200);
    const ownToken = two.accessToken;
    two.accessToken = one.accessToken;
    expect((await call(two)).status).toBe(401);
    two.accessToken = ownToken;
    expect((await call(two)).status).toBe(200);
  });
});

describe('the provider answer', () => {
  let upstream: Server;
  let fx: Fixture;
  let client: TestClient;
  const answers: Record<string, { status: number; body: string }> = {
    '/v1/corporate/companies': { status: 200, body: ` ${JSON.stringify(DOUBLE_COMPANIES)}\n` },
    '/v1/corporate/accounts': { status: 200, body: '' },
    '/v1/corporate/account': { status: 200, body: '{"truncated": ' },
  };
  beforeAll(async () => {
    upstream = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      if (path === '/v1/cards/account/3f2b8c1e-9a4d-4c7b-8e2f-1a2b3c4d5e6f') {
        // Larger than the BFF will buffer, sent in pieces so no length header gives it away.
        res.writeHead(200, { 'content-type': 'application/json' });
        const piece = `"${'x'.repeat(1024 * 1024 - 3)}",`;
        res.write('[');
        for (let i = 0; i <= MAX_UPSTREAM_BODY_BYTES / piece.length; i++) res.write(piece);
        res.end('"end"]');
        return;
      }
      const answer = answers[path] ?? { status: 404, body: '{}' };
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as { port: number };
    fx = await createFixture({ upstreams: { prod: `http://127.0.0.1:${port}`, sandbox: `http://127.0.0.1:${port}` } });
    client = new TestClient(fx.app);
    expect((await client.register()).status).toBe(200);
  });
  afterAll(async () => {
    await fx?.close();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it('comes back sealed as the same JSON value', async () => {
    const res = await client.proxy(companies);
    expect(res).toMatchObject({ status: 200, sealed: true, body: DOUBLE_COMPANIES });
  });

  it('comes back as null when the provider sends an empty body', async () => {
    const res = await client.proxy({ ...companies, url: 'https://api.fidis.com.br/v1/corporate/accounts' });
    expect(res).toMatchObject({ status: 200, sealed: true, body: null });
  });

  it('is refused, sealed, when it is not JSON or larger than the BFF buffers', async () => {
    const invalid = await client.proxy({ ...companies, url: 'https://api.fidis.com.br/v1/corporate/account' });
    expect(invalid).toMatchObject({ status: 502, sealed: true, body: { code: 'UPSTREAM_INVALID' } });
    const tooLarge = await client.proxy({
      ...companies,
      url: 'https://api.fidis.com.br/v1/cards/account/3f2b8c1e-9a4d-4c7b-8e2f-1a2b3c4d5e6f',
    });
    expect(tooLarge).toMatchObject({ status: 502, sealed: true, body: { code: 'UPSTREAM_UNAVAILABLE' } });
  });
});
