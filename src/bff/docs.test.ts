// /docs: the OpenAPI description in a viewer served by the BFF itself, in the demo only; production answers 404,
// even where the SPA's history fallback would otherwise answer its page.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../contracts/openapi.ts';
import { type Config, testConfig } from '../platform/config.ts';
import { createFixture, type Fixture } from './test/fixture.ts';

let fx: Fixture;
let staticDir: string;
beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'fidis-docs-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>fidis</title>');
  fx = await createFixture({ staticDir });
});
afterAll(() => fx?.close());

const get = (app: Fixture['app'], url: string, accept = 'text/html,*/*') =>
  app.inject({ method: 'GET', url, headers: { accept } });

describe('/docs in the demo', () => {
  it('answers the viewer page, whose scripts and styles are files of this origin', async () => {
    const res = await get(fx.app, '/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="swagger-ui">');
    const sources = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const source of sources) {
      expect(source).toMatch(/^\/docs\//);
      const file = await get(fx.app, source, '*/*');
      expect(file.statusCode, source).toBe(200);
      expect(file.headers['content-type'], source).toMatch(/^text\/(css|javascript)/);
      expect(file.body.length, source).toBeGreaterThan(100);
    }
    expect(res.body).not.toMatch(/<script>|<style>|\son\w+=/);
  });

  it('answers the OpenAPI document the generator makes', async () => {
    const res = await get(fx.app, '/docs/openapi.json', 'application/json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual(openApiDocument());
  });

  it("keeps the BFF's CSP: scripts of this origin only, nothing inline, no frames", async () => {
    for (const url of ['/docs', '/docs/openapi.json', '/docs/init.js']) {
      const csp = String((await get(fx.app, url)).headers['content-security-policy']);
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("script-src-attr 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
    }
  });

  it('answers JSON 404 under /docs for anything else, not the SPA page', async () => {
    const res = await get(fx.app, '/docs/nada');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('/docs in production', () => {
  it('is a 404 for the page, the document and the viewer', async () => {
    const production = { ...testConfig(), FIDIS_MODE: 'production' } as Config;
    const app = await fx.build({ config: production });
    for (const url of ['/docs', '/docs/', '/docs/openapi.json', '/docs/swagger-ui-bundle.js', '/docs/init.js']) {
      const res = await get(app, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
    // The SPA itself is still served there.
    expect((await get(app, '/home')).statusCode).toBe(200);
  });
});
