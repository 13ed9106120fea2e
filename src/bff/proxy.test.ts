import { v7 } from 'uuid';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REQUEST_ID_WINDOW_MS } from '../contracts/constants.ts';
import { messages } from '../contracts/messages.ts';
import { COMMON_INNER_HEADERS, TestClient } from './test/client.ts';
import { createFixture, type Fixture } from './test/fixture.ts';
import { DOUBLE_COMPANIES, deadUpstream, stallingUpstream } from './test/provider-double.ts';

const UUID = '3f2b8c1e-9a4d-4c7b-8e2f-1a2b3c4d5e6f';
const companies = {
  method: 'GET',
  url: 'https://api.fidis.com.br/v1/corporate/companies',
  headers: COMMON_INNER_HEADERS,
};

let fx: Fixture;
let client: TestClient;
beforeAll(async () => {
  fx = await createFixture();
  client = new TestClient(fx.app);
  expect((await client.register()).status).toBe(200);
});
afterAll(async () => {
  await fx?.close();
});
beforeEach(() => fx.double.reset());

describe('POST /proxy', () => {
  it('round-trips a GET to the provider and answers the sealed JSON', async () => {
    const res = await client.proxy(companies);
    expect(res.status).toBe(200);
    expect(res.sealed).toBe(true);
    expect(res.body).toEqual(DOUBLE_COMPANIES);
    expect(fx.double.count).toBe(1);
    const seen = fx.double.requests[0]!;
    expect(seen.url).toBe('/v1/corporate/companies');
    // Only the catalogue's headers (lower-cased) reach the provider, plus the request id for tracing.
    expect(seen.headers.authorization).toBe('Bearer user-token');
    expect(seen.headers.systemname).toBe('fidis');
    expect(seen.headers['x-request-id']).toBe(res.requestId);
    expect(seen.headers['x-device-id']).toBeUndefined();
    expect(seen.headers['x-fid']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('forwards a POST with the original data, and a listed query', async () => {
    const data = { descriptionOccurrence: '  perda  ', last4digits: '1234', blockingReason: 'P' };
    const res = await client.proxy({
      method: 'POST',
      url: `https://api.fidis.com.br/v1/cards/block/${UUID}`,
      headers: COMMON_INNER_HEADERS,
      data,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ blocked: UUID, received: data });
    const list = await client.proxy({
      method: 'GET',
      url: 'https://api.fidis.com.br/v0/portal/usuario/todos?page=1&limit=100&direction=ASC',
      headers: COMMON_INNER_HEADERS,
    });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ query: { page: '1', limit: '100', direction: 'ASC' } });
  });

  it('passes a provider 4xx through, sealed, and a 204 as an empty answer', async () => {
    const res = await client.proxy({ method: 'GET', url: `https://api.fidis.com.br/v1/cards/account/${UUID}` });
    expect(res.status).toBe(404);
    expect(res.sealed).toBe(true);
    expect(res.body).toEqual({ message: 'Conta não encontrada', code: 'NOT_FOUND' });
    const logout = await client.proxy({ method: 'POST', url: 'https://api.fidis.com.br/v0/portal/usuario/logout' });
    expect(logout.status).toBe(204);
  });

  it('maps the sandbox hosts onto the sandbox upstream when x-env is sandbox', async () => {
    client.env = 'sandbox';
    try {
      const res = await client.proxy({ ...companies, url: 'https://homolog.api.fidis.com.br/v1/corporate/companies' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(DOUBLE_COMPANIES);
    } finally {
      client.env = 'prod';
    }
  });

  it('refuses a replayed x-request-id; the provider sees the call once', async () => {
    const requestId = v7();
    const first = await client.proxy(companies, { requestId });
    expect(first.status).toBe(200);
    const again = await client.proxy(companies, { requestId });
    expect(again.status).toBe(409);
    expect(again.sealed).toBe(true);
    expect(again.body).toEqual({ code: 'REPLAYED', message: messages.proxy.replayed });
    expect(fx.double.count).toBe(1);
  });

  it('refuses a stale or future UUIDv7 and a request id that is not a UUIDv7', async () => {
    const stale = await client.proxy(companies, {
      requestId: v7({ msecs: Date.now() - REQUEST_ID_WINDOW_MS - 60_000 }),
    });
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({ code: 'STALE_REQUEST_ID' });
    const future = await client.proxy(companies, {
      requestId: v7({ msecs: Date.now() + REQUEST_ID_WINDOW_MS + 60_000 }),
    });
    expect(future.body).toMatchObject({ code: 'STALE_REQUEST_ID' });
    const v4 = await client.proxy(companies, { requestId: crypto.randomUUID() });
    expect(v4.status).toBe(400);
    expect(v4.body).toMatchObject({ code: 'BAD_REQUEST_ID' });
    expect(fx.double.count).toBe(0);
  });

  it('refuses a payload with a flipped byte, or sealed for another request id', async () => {
    const { sealJson } = await import('../crypto/index.ts');
    const requestId = v7();
    const { payload } = await sealJson(client.sessionKey!, companies, requestId);
    const flipped = payload.slice(0, 40) + (payload[40] === '0' ? '1' : '0') + payload.slice(41);
    const res = await client.post({ payload: flipped }, requestId);
    expect(res.status).toBe(400);
    expect(res.sealed).toBe(true);
    expect(res.body).toMatchObject({ code: 'BAD_ENVELOPE' });
    // The forged envelope did not spend the request id: the genuine one still goes through.
    expect((await client.post({ payload }, requestId)).status).toBe(200);
    const other = await client.post(await sealJson(client.sessionKey!, companies, v7()), v7());
    expect(other.body).toMatchObject({ code: 'BAD_ENVELOPE' });
    expect((await client.post({ payload: 'zz' }, v7())).body).toMatchObject({ code: 'BAD_ENVELOPE' });
    expect((await client.post({ payload, more: 1 }, v7())).body).toMatchObject({ code: 'BAD_ENVELOPE' });
    expect(fx.double.count).toBe(1);
  });

  it('refuses a missing, forged, or another device’s token (plain 401)', async () => {
    const other = new TestClient(fx.app);
    await other.register();
    const cases: Record<string, string>[] = [
      { authorization: '' },
      { authorization: 'Bearer not-a-jwt' },
      { authorization: `Bearer ${other.accessToken}` },
      { authorization: `Basic ${client.accessToken}` },
      // A token signed with another secret.
      {
        authorization:
          'Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ4In0.2v1qJ9v3e0G9vZ0gY2aN0yq3lC6pRkqRkQ2e5l3m2YQ',
      },
    ];
    for (const headers of cases) {
      const res = await client.proxy(companies, { headers });
      expect(res.status).toBe(401);
      expect(res.sealed).toBe(false);
      expect(res.body).toMatchObject({ code: expect.any(String), message: messages.proxy.unauthorized });
    }
    // A device id that was never registered, even with a valid-looking token for it.
    const stranger = new TestClient(fx.app);
    stranger.sessionKey = client.sessionKey;
    stranger.accessToken = client.accessToken;
    expect((await stranger.proxy(companies)).status).toBe(401);
    expect(fx.double.count).toBe(0);
  });

  it('answers 502 on a 3xx from upstream and does not follow it', async () => {
    const res = await client.proxy({ method: 'GET', url: `https://api.fidis.com.br/v1/accounts/data/${UUID}` });
    expect(res.status).toBe(502);
    expect(res.sealed).toBe(true);
    expect(res.body).toMatchObject({ code: 'UPSTREAM_REDIRECT' });
    expect(fx.double.count).toBe(1);
    expect(fx.double.requests[0]!.url).toBe(`/v1/accounts/data/${UUID}`);
  });

  it('answers 502 on a provider 5xx without leaking its body', async () => {
    const res = await client.proxy({
      method: 'GET',
      url: 'https://api.fidis.com.br/v1/corporate/account',
      headers: { cnpj: '11222333000181', relationCode: '0001' },
    });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ code: 'UPSTREAM_UNAVAILABLE', message: messages.proxy.upstream });
  });

  /** One call from a freshly registered device through a BFF whose provider is at `url`. */
  const callThrough = async (url: string, upstreamTimeoutMs?: number) => {
    const app = await fx.build({ upstreams: { prod: url, sandbox: url }, upstreamTimeoutMs });
    try {
      const c = new TestClient(app);
      await c.register();
      return await c.proxy(companies);
    } finally {
      await app.close();
    }
  };
  const expectUpstreamUnavailable = (res: Awaited<ReturnType<typeof callThrough>>) => {
    expect(res.status).toBe(502);
    expect(res.sealed).toBe(true);
    expect(res.body).toEqual({ code: 'UPSTREAM_UNAVAILABLE', message: messages.proxy.upstream });
  };

  it('answers 502 sealed with the pt-BR message when the provider is down', async () => {
    expectUpstreamUnavailable(await callThrough(await deadUpstream()));
  });

  it.each(['headers', 'body'] as const)(
    'answers 502 sealed when the provider goes quiet before the %s are complete',
    async (stallAt) => {
      const quiet = await stallingUpstream(stallAt);
      try {
        // Without a bound the call would wait for ever and the test would time out.
        expectUpstreamUnavailable(await callThrough(quiet.url, 300));
      } finally {
        await quiet.close();
      }
    },
  );

  it('counts outcomes in /metrics', async () => {
    await client.proxy(companies);
    const text = (await fx.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toMatch(/fidis_bff_proxy_outcomes_total\{code="FORWARDED"\} \d+/);
    expect(text).toMatch(/fidis_bff_proxy_outcomes_total\{code="REPLAYED"\} 1/);
    expect(text).toContain('fidis_bff_http_request_duration_seconds_bucket');
  });
});
