// Hostile /proxy requests: every one is refused with a 4xx and a code, sealed, and nothing reaches the provider.
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealJson } from '../crypto/index.ts';
import { COMMON_INNER_HEADERS, type Inner, TestClient } from './test/client.ts';
import { createFixture, type Fixture } from './test/fixture.ts';

const BASE = 'https://api.fidis.com.br';
const UUID = '3f2b8c1e-9a4d-4c7b-8e2f-1a2b3c4d5e6f';
const get = (url: string, headers: Record<string, unknown> = COMMON_INNER_HEADERS): Inner => ({
  method: 'GET',
  url,
  headers,
});
const block = (data: unknown, url = `${BASE}/v1/cards/block/${UUID}`): Inner => ({
  method: 'POST',
  url,
  headers: COMMON_INNER_HEADERS,
  data,
});
const goodBlock = { descriptionOccurrence: 'perda', last4digits: '1234', blockingReason: 'P' };
const companies = `${BASE}/v1/corporate/companies`;

const hostile: [string, Inner, string][] = [
  ['another host', get('https://evil.com/v1/corporate/companies'), 'HOST_NOT_ALLOWED'],
  ['base as userinfo of another host', get('https://api.fidis.com.br@evil.com/v1/corporate/companies'), 'BAD_URL'],
  ['userinfo before the base host', get('https://user:pass@api.fidis.com.br/v1/corporate/companies'), 'BAD_URL'],
  ['host suffix trick', get('https://api.fidis.com.br.evil.com/v1/corporate/companies'), 'HOST_NOT_ALLOWED'],
  ['dot-dot segment', get(`${BASE}/v1/cards/../corporate/companies`), 'BAD_URL'],
  ['single-dot segment', get(`${BASE}/v1/./corporate/companies`), 'BAD_URL'],
  ['percent-encoded dots', get(`${BASE}/v1/cards/%2e%2e/corporate/companies`), 'BAD_URL'],
  ['upper-case percent-encoded dots', get(`${BASE}/v1/cards/%2E%2E/corporate/companies`), 'BAD_URL'],
  ['double-encoded dots', get(`${BASE}/v1/cards/%252e%252e/corporate/companies`), 'BAD_URL'],
  ['encoded slashes in a parameter', block(goodBlock, `${BASE}/v1/cards/block/..%2f..%2fadmin`), 'BAD_URL'],
  ['any percent sign in the path', get(`${BASE}/v1/cards/account/${UUID.slice(0, -1)}%61`), 'BAD_URL'],
  ['backslash in the path', get(`${BASE}/v1\\corporate\\companies`), 'BAD_URL'],
  ['backslash before a host', get(`${BASE}\\@evil.com/v1/corporate/companies`), 'BAD_URL'],
  ['IPv6 loopback literal', get('http://[::1]/v1/corporate/companies'), 'HOST_NOT_ALLOWED'],
  ['decimal IPv4 literal', get('http://2130706433/v1/corporate/companies'), 'HOST_NOT_ALLOWED'],
  ['IPv4 literal with a port', get('http://127.0.0.1:4000/v1/corporate/companies'), 'HOST_NOT_ALLOWED'],
  ['file scheme', get('file:///etc/passwd'), 'HOST_NOT_ALLOWED'],
  ['javascript scheme', get('javascript:alert(1)//api.fidis.com.br/'), 'HOST_NOT_ALLOWED'],
  ['ftp scheme', get('ftp://api.fidis.com.br/v1/corporate/companies'), 'HOST_NOT_ALLOWED'],
  ['plain http', get('http://api.fidis.com.br/v1/corporate/companies'), 'HOST_NOT_ALLOWED'],
  ['upper-case scheme', get('HTTPS://api.fidis.com.br/v1/corporate/companies'), 'HOST_NOT_ALLOWED'],
  ['upper-case host', get('https://API.FIDIS.COM.BR/v1/corporate/companies'), 'HOST_NOT_ALLOWED'],
  ['trailing-dot host', get('https://api.fidis.com.br./v1/corporate/companies'), 'HOST_NOT_ALLOWED'],
  ['explicit default port', get('https://api.fidis.com.br:443/v1/corporate/companies'), 'HOST_NOT_ALLOWED'],
  ['double slash in the path', get(`${BASE}//v1/corporate/companies`), 'BAD_URL'],
  ['fragment', get(`${companies}#x`), 'BAD_URL'],
  ['tab in the URL', get(`${BASE}/v1/corporate/\tcompanies`), 'BAD_URL'],
  ['space in the URL', get(`${BASE}/v1/corporate/companies `), 'BAD_URL'],
  ['CRLF in the URL', get(`${companies}\r\nHost: evil.com`), 'BAD_URL'],
  ['non-ASCII in the URL', get(`${BASE}/v1/corporate/companiés`), 'BAD_URL'],
  [
    'sandbox host while x-env is prod',
    get('https://sandbox.api.fidis.com.br/v1/corporate/companies'),
    'WRONG_ENVIRONMENT',
  ],
  ['DELETE on a GET-only path', { method: 'DELETE', url: companies }, 'ROUTE_NOT_ALLOWED'],
  ['TRACE', { method: 'TRACE', url: companies }, 'ROUTE_NOT_ALLOWED'],
  ['CONNECT', { method: 'CONNECT', url: companies }, 'ROUTE_NOT_ALLOWED'],
  ['lower-case method', { method: 'get', url: companies }, 'ROUTE_NOT_ALLOWED'],
  ['path not in the catalogue', get(`${BASE}/v1/admin/users`), 'ROUTE_NOT_ALLOWED'],
  ['path parameter that is not a uuid', get(`${BASE}/v1/cards/account/not-a-uuid`), 'ROUTE_NOT_ALLOWED'],
  ['trailing slash', get(`${companies}/`), 'ROUTE_NOT_ALLOWED'],
  ['query on an endpoint without query', get(`${companies}?debug=1`), 'QUERY_NOT_ALLOWED'],
  ['query key not listed', get(`${BASE}/v0/portal/usuario/todos?page=1&admin=1`), 'QUERY_NOT_ALLOWED'],
  ['duplicated query key', get(`${BASE}/v0/portal/usuario/todos?page=1&page=2`), 'QUERY_NOT_ALLOWED'],
  ['empty query', get(`${BASE}/v0/portal/usuario/todos?`), 'BAD_URL'],
  ['x-forwarded-for header', get(companies, { 'x-forwarded-for': '127.0.0.1' }), 'HEADER_NOT_ALLOWED'],
  ['host header', get(companies, { Host: 'evil.com' }), 'HEADER_NOT_ALLOWED'],
  ['cookie header', get(companies, { cookie: 'sid=1' }), 'HEADER_NOT_ALLOWED'],
  ['another endpoint’s header', get(companies, { last4digits: '1234' }), 'HEADER_NOT_ALLOWED'],
  [
    'the same header twice, in two cases',
    get(companies, { Authorization: 'a', authorization: 'b' }),
    'HEADER_NOT_ALLOWED',
  ],
  [
    '__proto__ as a header name',
    { method: 'GET', url: companies, headers: JSON.parse('{"__proto__":"x"}') },
    'HEADER_NOT_ALLOWED',
  ],
  ['CRLF in a header value', get(companies, { org: '090\r\nx-admin: 1' }), 'BAD_HEADER_VALUE'],
  ['bare LF in a header value', get(companies, { org: '090\nx' }), 'BAD_HEADER_VALUE'],
  ['NUL in a header value', get(companies, { org: '090\u0000' }), 'BAD_HEADER_VALUE'],
  ['header value too long', get(companies, { authorization: `Bearer ${'a'.repeat(1020)}` }), 'BAD_HEADER_VALUE'],
  ['non-string header value', get(companies, { org: 90 }), 'BAD_HEADER_VALUE'],
  ['non-JSON content type', get(companies, { 'content-type': 'text/xml' }), 'BAD_HEADER_VALUE'],
  ['headers as an array', { method: 'GET', url: companies, headers: ['a'] as never }, 'BAD_ENVELOPE'],
  ['data on a GET', { ...get(companies), data: { x: 1 } }, 'BODY_NOT_ALLOWED'],
  ['null data on a GET', { ...get(companies), data: null }, 'BODY_NOT_ALLOWED'],
  ['invalid body for the endpoint (blockingReason X)', block({ ...goodBlock, blockingReason: 'X' }), 'INVALID_BODY'],
  ['body with a full card number field', block({ ...goodBlock, last4digits: '4111111111111111' }), 'INVALID_BODY'],
  ['missing body where one is required', block(undefined), 'INVALID_BODY'],
  [
    'prototype-pollution key in the body',
    block(
      JSON.parse(`{"__proto__":{"admin":true},"last4digits":"1234","descriptionOccurrence":"x","blockingReason":"P"}`),
    ),
    'INVALID_BODY',
  ],
  [
    'body on an endpoint without schema nesting too deep',
    block(JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`), `${BASE}/v0/portal/empresa/`),
    'INVALID_BODY',
  ],
  ['unknown top-level field in the envelope', { ...get(companies), proxyTo: 'evil' }, 'BAD_ENVELOPE'],
  ['url not a string', { method: 'GET', url: 42 as never }, 'BAD_ENVELOPE'],
];

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

describe('hostile /proxy requests', () => {
  it('has at least 30 cases', () => {
    expect(hostile.length).toBeGreaterThanOrEqual(30);
  });

  it.each(hostile)('refuses %s', async (_name, inner, code) => {
    const res = await client.proxy(inner);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.sealed).toBe(true);
    expect(res.body).toMatchObject({ code, message: expect.any(String) });
    expect(fx.double.count).toBe(0);
  });

  it('refuses an oversized body with 413, sealed, before decrypting it', async () => {
    const requestId = v7();
    const big = await sealJson(
      client.sessionKey!,
      block({ ...goodBlock, descriptionOccurrence: 'x'.repeat(70_000) }),
      requestId,
    );
    const res = await client.post(big, requestId);
    expect(res.status).toBe(413);
    expect(res.sealed).toBe(true);
    expect(res.body).toMatchObject({ code: 'BODY_TOO_LARGE' });
    expect(fx.double.count).toBe(0);
  });

  it('refuses an unknown x-env and a missing x-fid before the device is known (plain)', async () => {
    const bad = await client.proxy(get(companies), { headers: { 'x-env': 'staging' } });
    expect(bad.status).toBe(400);
    expect(bad.sealed).toBe(false);
    expect(bad.body).toMatchObject({ code: 'BAD_ENVIRONMENT' });
    const noFid = await client.proxy(get(companies), { headers: { 'x-fid': 'x' } });
    expect(noFid.body).toMatchObject({ code: 'BAD_CLIENT' });
    expect(fx.double.count).toBe(0);
  });

  it('still forwards the legitimate request afterwards', async () => {
    expect((await client.proxy(get(companies))).status).toBe(200);
    expect(fx.double.count).toBe(1);
  });
});
