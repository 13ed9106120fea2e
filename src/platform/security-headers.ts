// helmet's headers, computed once at start-up. @fastify/helmet rebuilds them on every request (3–4 % of the BFF's CPU
// under load in bench/proxy), and nothing in them varies per request: no CSP nonces, no per-route options.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

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

/** Sends helmet's headers (computed once) on every answer of `app`, refusals and unknown paths included. */
export function sendSecurityHeaders(app: FastifyInstance, options: HelmetOptions = {}): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
