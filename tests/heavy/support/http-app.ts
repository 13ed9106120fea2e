// Lets the BFF test client (src/bff/test/client.ts), which speaks the wire protocol through fastify.inject,
// talk to a BFF running in another process over real HTTP instead.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { request } from 'undici';

export function overHttp(baseUrl: string, extraHeaders: Record<string, string> = {}): FastifyInstance {
  const inject = async (opts: InjectOptions) => {
    const payload = opts.payload;
    const res = await request(`${baseUrl}${opts.url}`, {
      method: (opts.method ?? 'GET') as 'GET',
      headers: { ...(opts.headers as Record<string, string>), ...extraHeaders },
      body: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    const body = await res.body.text();
    return { statusCode: res.statusCode, headers: res.headers, body, json: () => JSON.parse(body) };
  };
  return { inject } as unknown as FastifyInstance;
}
