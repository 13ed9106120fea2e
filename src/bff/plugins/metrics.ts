// Request durations for every answer, and GET /metrics. Request counts by route and refusal codes describe the
// portal's traffic, so outside the demo they are read with METRICS_TOKEN as a bearer
// (docs/decisions/065-metrics-token.md); the demo keeps them open.
import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { bffError } from '../errors.ts';
import type { BffMetrics } from '../services/metrics.ts';

// Compared as digests: equal lengths for timingSafeEqual, and no early exit on the token's length.
const digest = (text: string) => createHash('sha256').update(text).digest();

export const requestMetrics = fp(
  async (app, opts: { metrics: BffMetrics; token: string | undefined }) => {
    const { registry } = opts.metrics;
    // Callback-style hook: it runs on every answer, and an async hook costs a promise each time.
    app.addHook('onResponse', (request, reply, done) => {
      opts.metrics.observe(
        request.method,
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });

    const expected = opts.token ? digest(`Bearer ${opts.token}`) : undefined;
    app.get('/metrics', async (request, reply) => {
      if (expected) {
        const given = request.headers.authorization;
        if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
          reply.header('www-authenticate', 'Bearer realm="metrics"');
          throw bffError('METRICS_TOKEN');
        }
      }
      reply.type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'bff-metrics' },
);
