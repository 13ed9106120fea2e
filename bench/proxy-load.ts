// The load generator of bench/proxy.ts, in its own process so the client's CPU is not charged to the servers.
// It receives one leg at a time over IPC, drives it with autocannon and answers with its own latency samples
// (autocannon's histogram keeps whole milliseconds; the hop is measured in fractions of one).
import type autocannon from 'autocannon';
import { v7 } from 'uuid';
import { sealJsonSync } from './proxy-seal.ts';
import { autocannonRun, type Served, serveLoadJobs } from './support/autocannon.ts';

export interface LoadJob {
  url: string;
  method: 'GET' | 'POST';
  connections: number;
  durationS: number;
  headers: Record<string, string>;
  /** For fidis' /proxy: each call gets a fresh UUIDv7 x-request-id and the inner request sealed with it. */
  sealed?: { keyHex: string; inner: unknown };
}

export interface LoadResult extends Served {
  requests: number;
  elapsedMs: number;
}

async function run(job: LoadJob): Promise<LoadResult> {
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
  const started = performance.now();
  const served = await autocannonRun({
    url: job.url,
    connections: job.connections,
    duration: job.durationS,
    pipelining: 1,
    requests: [request],
  });
  return { ...served, requests: served.latencies.length, elapsedMs: performance.now() - started };
}

serveLoadJobs(run);
