// The load generator of bench/proxy.ts, in its own process so the client's CPU is not charged to the servers.
// It receives one leg at a time over IPC, drives it with autocannon and answers with its own latency samples
// (autocannon's histogram keeps whole milliseconds; the hop is measured in fractions of one).
import autocannon from 'autocannon';
import { v7 } from 'uuid';
import { sealJsonSync } from './proxy-seal.ts';

export interface LoadJob {
  url: string;
  method: 'GET' | 'POST';
  connections: number;
  durationS: number;
  headers: Record<string, string>;
  /** For fidis' /proxy: each call gets a fresh UUIDv7 x-request-id and the inner request sealed with it. */
  sealed?: { keyHex: string; inner: unknown };
}

export interface LoadResult {
  requests: number;
  elapsedMs: number;
  /** Latency of every 2xx answer, in ms. */
  latencies: number[];
  non2xx: number;
  errors: number;
  timeouts: number;
}

function run(job: LoadJob): Promise<LoadResult> {
  const key = job.sealed ? Buffer.from(job.sealed.keyHex, 'hex') : undefined;
  const inner = job.sealed?.inner;
  const request: autocannon.Request = { method: job.method, headers: job.headers };
  if (key) {
    request.setupRequest = (req) => {
      const requestId = v7();
      return {
        ...req,
        headers: { ...job.headers, 'x-request-id': requestId },
        body: JSON.stringify(sealJsonSync(key, inner, requestId)),
      };
    };
  }
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const instance = autocannon(
      { url: job.url, connections: job.connections, duration: job.durationS, pipelining: 1, requests: [request] },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          requests: latencies.length,
          elapsedMs: performance.now() - started,
          latencies,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

process.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send?.({ ok: true, result }),
    (err: unknown) => process.send?.({ ok: false, error: String(err) }),
  );
});
process.on('disconnect', () => process.exit(0));
