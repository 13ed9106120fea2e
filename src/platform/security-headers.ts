// Security headers, computed once at start-up. @fastify/helmet rebuilds them on every request (3–4 % of the BFF's CPU
// under load in bench/proxy), and nothing in them varies per request: no CSP nonces, no per-route options.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The set for answers read by a program, never shown as a page: the sealed transport's JSON and the provider's API
 * (decision 097, after OWASP's REST Security sheet). No sniffing, no framing, no referrer, no reads from another
 * origin, HTTPS only, and a CSP that allows nothing should one ever be opened as a document. helmet's other headers
 * (COOP, Origin-Agent-Cluster, DNS prefetch, X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection)
 * govern a page; on the hot path each cost its validation and bytes on every call.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
});

/** helmet's headers for `options`, as helmet would set them on a page. */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/** Sends `headers` (computed once) on every answer of `app`, refusals and unknown paths included. */
export function sendSecurityHeaders(app: FastifyInstance, headers: Readonly<Record<string, string>>): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
