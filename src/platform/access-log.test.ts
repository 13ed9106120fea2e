// Both servers write one access line per request (decision 33, issue 17): the outcome's fields on it, no "incoming
// request" line before it, and Fastify's own error line when the request failed.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLineAccessLog } from './access-log.ts';

function appWithLines() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream },
    logController: new OneLineAccessLog((request) => ({ endpoint: request.routeOptions.url })),
  });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  return { app, lines };
}

describe('OneLineAccessLog', () => {
  it('writes one line per request, with the status, the time and what the server adds', async () => {
    const { app, lines } = appWithLines();
    expect((await app.inject({ method: 'GET', url: '/ok' })).statusCode).toBe(200);
    await app.close();
    const requestLines = lines.filter((l) => l.reqId !== undefined);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ msg: 'request completed', endpoint: '/ok', res: { statusCode: 200 } });
    expect(typeof requestLines[0]?.responseTime).toBe('number');
  });

  it('keeps the error line of a failed request', async () => {
    const { app, lines } = appWithLines();
    expect((await app.inject({ method: 'GET', url: '/boom' })).statusCode).toBe(500);
    await app.close();
    const messages = lines.filter((l) => l.reqId !== undefined).map((l) => l.msg);
    expect(messages).not.toContain('incoming request');
    expect(messages.some((m) => typeof m === 'string' && m !== 'request completed')).toBe(true);
  });
});
