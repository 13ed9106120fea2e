// Forwarding to the provider: one keep-alive undici Pool per upstream origin, created once; redirects are never
// followed; a bounded wait and a bounded answer, read whole. The wait is bounded by the pool's own connect, headers and body
// timeouts rather than an AbortSignal per call, which would cost a timer and a signal on every forwarded request.
import { type Dispatcher, Pool } from 'undici';
import type { EnvironmentName } from '../contracts/constants.ts';
import { refuse } from './errors.ts';

/** Below the browser's 8 s (web/lib/transport/wire.ts), so a slow provider is said as a 504, not a hang. */
export const UPSTREAM_TIMEOUT_MS = 7_000;
/** The largest provider answer the BFF will buffer and seal. */
export const MAX_UPSTREAM_BODY_BYTES = 8 * 1024 * 1024;

export interface UpstreamAnswer {
  status: number;
  /** The provider's body as JSON text, checked to parse ("null" for an empty answer): sealed as is, not re-serialised. */
  jsonText: string;
}

interface Target {
  pool: Pool;
  basePath: string;
}

export class Upstreams {
  private readonly targets: Record<EnvironmentName, Target>;
  private readonly pools = new Map<string, Pool>();

  /** `proof`: headers sent on every call, over the client's — the BFF's key to the provider (decision 129). */
  constructor(
    urls: Record<EnvironmentName, string>,
    timeoutMs = UPSTREAM_TIMEOUT_MS,
    private readonly proof: Record<string, string> = {},
  ) {
    const target = (raw: string): Target => {
      const u = new URL(raw);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`upstream must be http(s): ${raw}`);
      if (u.username || u.password || u.search || u.hash) throw new Error(`upstream must be a plain base URL: ${raw}`);
      let pool = this.pools.get(u.origin);
      if (!pool) {
        pool = new Pool(u.origin, {
          connections: 128,
          pipelining: 1,
          keepAliveTimeout: 30_000,
          connectTimeout: Math.min(timeoutMs, 5_000),
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
          // undici stops reading past this, so a huge answer fails without being buffered first.
          maxResponseSize: MAX_UPSTREAM_BODY_BYTES,
        });
        this.pools.set(u.origin, pool);
      }
      return { pool, basePath: u.pathname.replace(/\/+$/, '') };
    };
    this.targets = { prod: target(urls.prod), sandbox: target(urls.sandbox) };
  }

  async forward(
    env: EnvironmentName,
    req: { method: string; pathAndQuery: string; headers: Record<string, string>; body: string | undefined },
  ): Promise<UpstreamAnswer> {
    const { pool, basePath } = this.targets[env];
    const headers: Record<string, string> = { ...req.headers, accept: 'application/json', ...this.proof };
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    let answer: { status: number; text: string };
    try {
      answer = await collect(pool, {
        method: req.method as Dispatcher.HttpMethod,
        path: basePath + req.pathAndQuery,
        headers,
        body: req.body,
      });
    } catch {
      throw refuse.upstream();
    }
    const { status, text } = answer;
    if (status >= 300 && status < 400) throw refuse.upstream('UPSTREAM_REDIRECT');
    if (status >= 500 || status < 200) throw refuse.upstream();
    if (text.trim() === '') return { status, jsonText: 'null' };
    try {
      JSON.parse(text);
      return { status, jsonText: text };
    } catch {
      throw refuse.upstream('UPSTREAM_INVALID');
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((p) => p.close()));
  }
}

/**
 * One call through the pool, its answer collected as text. A dispatch handler rather than `pool.request`: the answer
 * is read whole anyway, and `request` wraps it in a stream and a body mixin first (issue 17, the BFF's own time per
 * call). The pool's own limits still hold: headers and body timeouts, and maxResponseSize, which fails the call.
 */
function collect(pool: Pool, options: Dispatcher.DispatchOptions): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    let status = 0;
    let chunks: Buffer[] = [];
    pool.dispatch(options, {
      // Its presence marks the handler as undici 7's kind (the one with onResponse*), nothing to do at the start.
      onRequestStart() {},
      onResponseStart(_controller, statusCode) {
        // A 1xx is followed by the real answer: only the last start counts.
        status = statusCode;
        chunks = [];
      },
      onResponseData(_controller, chunk) {
        chunks.push(chunk);
      },
      onResponseEnd() {
        const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
        resolve({ status, text: body.toString('utf8') });
      },
      onResponseError(_controller, error) {
        reject(error);
      },
    });
  });
}
