import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../contracts/messages.ts';
import type { SqlRunner } from '../platform/database.ts';
import { COMMON_INNER_HEADERS, TestClient } from './test/client.ts';
import { createFixture, type Fixture } from './test/fixture.ts';

let fx: Fixture;
let staticDir: string;
beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'fidis-spa-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(
    join(staticDir, 'index.html'),
    '<!doctype html><title>fidis</title><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(staticDir, '.env'), 'SECRET=1');
  fx = await createFixture({ staticDir });
});
afterAll(async () => {
  await fx?.close();
});

describe('security headers', () => {
  it('sends a strict CSP, HSTS, nosniff, a referrer policy and no-store on API answers', async () => {
    for (const url of ['/keys', '/health', '/metrics']) {
      const res = await fx.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '));
      expect(scriptSrc?.trim()).toBe("script-src 'self'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // Unknown paths carry the page set (the headers are computed once, sent on every answer).
    const unknown = await fx.app.inject({ method: 'GET', url: '/nada' });
    expect(unknown.headers['content-security-policy']).toContain("script-src 'self'");
    expect(unknown.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(unknown.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(unknown.headers['permissions-policy']).toContain('camera=()');
  });

  it('sends the API set on the sealed transport’s answers, refusals included (decision 097)', async () => {
    const refused = [
      await fx.app.inject({ method: 'POST', url: '/devices', payload: {} }),
      await fx.app.inject({ method: 'POST', url: '/proxy', payload: {} }),
    ];
    const client = new TestClient(fx.app);
    const registered = await client.register();
    const answered = await client.proxy({
      method: 'GET',
      url: 'https://api.fidis.com.br/v1/corporate/companies',
      headers: COMMON_INNER_HEADERS,
    });
    expect([registered.status, answered.status]).toEqual([200, 200]);
    expect(answered.sealed).toBe(true);
    expect(answered.headers['content-type']).toBe('application/json; charset=utf-8');
    for (const headers of [...refused.map((r) => r.headers), registered.headers, answered.headers]) {
      expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(headers['cache-control']).toBe('no-store');
      expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      // Page-only headers are left off: they govern a document, and these answers are never one.
      expect(headers['cross-origin-opener-policy']).toBeUndefined();
      expect(headers['permissions-policy']).toBeUndefined();
      expect(headers['x-powered-by']).toBeUndefined();
    }
    expect(refused.map((r) => r.statusCode)).toEqual([400, 400]);
  });

  it('answers /health and /metrics', async () => {
    const health = await fx.app.inject({ method: 'GET', url: '/health' });
    expect(health.json()).toEqual({ status: 'ok' });
    const metrics = await fx.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/text\/plain/);
    expect(metrics.body).toContain('fidis_bff_http_request_duration_seconds');
  });

  it('keeps two apps’ metrics apart (no global registry clash)', async () => {
    const other = await fx.build();
    expect((await other.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
  });
});

/** A logger stream that keeps every JSON line. */
function capturedLines(): { lines: Record<string, unknown>[]; stream: Writable } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe('errors and logs', () => {
  it('writes one access line per call, with what was forwarded or why it was refused', async () => {
    const { lines, stream } = capturedLines();
    const app = await fx.build({ logger: { level: 'info', stream } });
    const client = new TestClient(app);
    await client.register();
    const companies = { method: 'GET', url: 'https://api.fidis.com.br/v1/corporate/companies' };
    const ok = await client.proxy({ ...companies, headers: COMMON_INNER_HEADERS });
    const refused = await client.proxy({ method: 'GET', url: 'https://evil.example.com/v1/corporate/companies' });
    expect([ok.status, refused.status]).toEqual([200, 400]);
    const linesOf = (requestId: string) => lines.filter((l) => l.reqId === requestId);
    expect(linesOf(ok.requestId)).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        endpoint: 'companies',
        upstreamStatus: 200,
        req: expect.objectContaining({ method: 'POST', url: '/proxy' }),
        res: { statusCode: 200 },
      }),
    ]);
    expect(linesOf(refused.requestId)).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        code: (refused.body as { code: string }).code,
        res: { statusCode: 400 },
      }),
    ]);
    // The envelope and the bearer token never reach the log.
    expect(JSON.stringify(lines)).not.toContain(client.accessToken);
    await app.close();
  });

  it('answers an unexpected failure with a generic 500, no stack, and logs it with the request id', async () => {
    const { lines, stream } = capturedLines();
    let fail = false;
    const sql: SqlRunner = {
      query: (text, params) => {
        if (fail && text.includes('bff_device_sessions')) return Promise.reject(new Error('disk on fire'));
        return fx.db.sql.query(text, params);
      },
    };
    const app = await fx.build({ sql, logger: { level: 'info', stream } });
    fail = true;
    const client = new TestClient(app);
    const requestId = v7();
    const res = await client.register({}, requestId);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: messages.generic.unexpected });
    expect(JSON.stringify(res.body)).not.toContain('disk on fire');
    expect(res.headers['x-request-id']).toBe(requestId);
    const mine = lines.filter((l) => l.reqId === requestId);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.some((l) => (l.err as { message?: string } | undefined)?.message === 'disk on fire')).toBe(true);
    // Every line of the request carries its id; a bad x-request-id header is not used as a log id.
    const bogus = await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'evil\nline' } });
    expect(bogus.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 404 JSON for an unknown API path', async () => {
    const res = await fx.app.inject({ method: 'GET', url: '/proxy', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('static SPA', () => {
  it('serves assets as immutable and client routes as index.html with no-cache', async () => {
    const asset = await fx.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-security-policy']).toBeDefined();

    for (const url of ['/', '/home/details', '/login?next=%2Fhome']) {
      const page = await fx.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<title>fidis</title>');
    }
  });

  it('answers the portal page to a plain `curl /` (Accept */* or none), and JSON 404s for unknown API paths', async () => {
    for (const headers of [{ accept: '*/*' }, {}]) {
      const page = await fx.app.inject({ method: 'GET', url: '/', headers });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('<title>fidis</title>');
      const route = await fx.app.inject({ method: 'GET', url: '/home/details', headers });
      expect(route.statusCode).toBe(200);
      expect(route.headers['content-type']).toMatch(/text\/html/);
    }
    for (const url of ['/proxy/nope', '/keys/other', '/metrics/x', '/missing.js']) {
      const res = await fx.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('does not fall back for API paths, missing assets, non-HTML requests or dotfiles', async () => {
    const keys = await fx.app.inject({ method: 'GET', url: '/keys', headers: { accept: 'text/html' } });
    expect(keys.json().algorithm).toBe('RSA-OAEP-256');
    const missing = await fx.app.inject({ method: 'GET', url: '/assets/nope.js', headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    const json = await fx.app.inject({ method: 'GET', url: '/home', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    const dot = await fx.app.inject({ method: 'GET', url: '/.env' });
    expect(dot.statusCode).toBe(404);
    expect(dot.body).not.toContain('SECRET');
    const traversal = await fx.app.inject({ method: 'GET', url: '/assets/../../etc/passwd' });
    expect(traversal.body).not.toContain('root:');
  });
});
