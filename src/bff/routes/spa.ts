// The built SPA (index.html + assets/) when there is one, and the answer to every unknown path: the SPA's page
// for a client route, the JSON 404 for anything else. Registered at the root (fastify-plugin): the not-found
// handler covers every path, and the static files sit beside the API.
import { existsSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { refusal } from '../../contracts/errors.ts';

// /docs too: where it is not served (production) it is a 404, not the SPA's page.
const API_PREFIXES = ['/keys', '/devices', '/proxy', '/health', '/metrics', '/docs'];
const ACCEPTS_HTML = /(^|,)\s*(text\/html|text\/\*|\*\/\*)\s*(;|,|$)/i;

function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

/**
 * A page of the SPA: any path that is not the BFF's API, not under /assets and not a file name, asked by a client
 * that takes HTML. A browser says text/html; curl and most tools say *\/* (or nothing) and get the page too; a
 * client that asks for JSON only keeps the JSON 404.
 */
function isSpaRoute(path: string, request: FastifyRequest): boolean {
  if (isApiPath(path) || path.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(path)) return false;
  const accept = request.headers.accept;
  return !accept || ACCEPTS_HTML.test(accept);
}

export const spa = fp(
  async (app, opts: { staticDir: string | undefined }) => {
    const staticRoot = opts.staticDir ? resolve(opts.staticDir) : undefined;
    const serveSpa = !!staticRoot && existsSync(staticRoot) && statSync(staticRoot).isDirectory();
    if (serveSpa && staticRoot) {
      const assetsDir = join(staticRoot, 'assets') + sep;
      await app.register(fastifyStatic, {
        root: staticRoot,
        prefix: '/',
        index: false,
        dotfiles: 'ignore',
        // The build writes .br/.gz siblings (vite.config.ts); serving them keeps the first load small.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (res: FastifyReply, path: string) => {
          res.header('cache-control', path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    const notFound = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '';
      if (serveSpa && (request.method === 'GET' || request.method === 'HEAD') && isSpaRoute(path, request)) {
        // History-API fallback: client routes (/home/details) load the SPA on reload.
        reply.header('cache-control', 'no-cache');
        return reply.sendFile('index.html', { cacheControl: false });
      }
      const { status, message } = refusal('NOT_FOUND');
      reply.code(status);
      return { message, code: 'NOT_FOUND' };
    };
    if (serveSpa) app.get('/', notFound);
    app.setNotFoundHandler(notFound);
  },
  { name: 'bff-spa' },
);
