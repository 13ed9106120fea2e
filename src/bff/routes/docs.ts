// GET /docs: the OpenAPI description (contracts/openapi.ts) in Swagger UI, registered in the demo only. The viewer's
// files come from the swagger-ui-dist package, never a CDN, so the page works offline; its script is a file rather
// than inline, so the BFF's CSP (script-src 'self') holds here as on the SPA. "Try it out" is off: a real call
// goes sealed through /proxy, which a form in this page cannot do.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { openApiDocument } from '../../contracts/openapi.ts';

const CSS = 'text/css; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';
const VIEWER_FILES: Record<string, string> = {
  'swagger-ui.css': CSS,
  'index.css': CSS,
  'swagger-ui-bundle.js': JS,
};
/** The viewer's files change only with the package's version. */
const ASSET_CACHE = 'public, max-age=3600';

const INIT = `window.addEventListener('load', () => {
  window.ui = SwaggerUIBundle({
    url: '/docs/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    displayOperationId: true,
    supportedSubmitMethods: [],
    validatorUrl: null,
    defaultModelsExpandDepth: -1,
  });
});
`;

const PAGE = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>fidis — OpenAPI</title>
    <link rel="stylesheet" href="/docs/swagger-ui.css" />
    <link rel="stylesheet" href="/docs/index.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/docs/swagger-ui-bundle.js"></script>
    <script src="/docs/init.js"></script>
  </body>
</html>
`;

export const docsRoutes: FastifyPluginAsync = async (app) => {
  // Built on first use: a demo that never opens /docs pays nothing for it.
  let documentText: string | undefined;
  // Found when registered, so production (which never registers /docs) never looks for the package.
  const viewerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const files = new Map<string, Promise<Buffer>>();
  const viewerFile = (name: string) => {
    let file = files.get(name);
    if (!file) {
      file = readFile(join(viewerDir, name));
      files.set(name, file);
      // A failed read is tried again on the next request rather than remembered.
      file.catch(() => files.delete(name));
    }
    return file;
  };

  app.get('/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  app.get('/docs/openapi.json', async (_request, reply) => {
    documentText ??= JSON.stringify(openApiDocument());
    return reply.type('application/json; charset=utf-8').send(documentText);
  });
  app.get('/docs/init.js', async (_request, reply) => reply.header('cache-control', ASSET_CACHE).type(JS).send(INIT));
  for (const [name, type] of Object.entries(VIEWER_FILES)) {
    app.get(`/docs/${name}`, async (_request, reply) =>
      reply
        .header('cache-control', ASSET_CACHE)
        .type(type)
        .send(await viewerFile(name)),
    );
  }
};
