// The load of bench/network.ts, in its own process: the card network's authorizations (each a new request id, on
// a card drawn from the pool) and, beside them, the portal's own reads (the account list, signed in), both at once.
// At a rate the requests are paced (open loop): each leaves at its own time whether the earlier ones were answered
// or not, as a card network sends them, on a pool with a connection free for each one in flight. Without a rate, autocannon sends as fast as answered (closed loop). Answers
// each side's latencies of 2xx answers, in ms.
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import { autocannonRun, serveLoadJobs } from './support/autocannon.ts';

export interface NetworkJob {
  url: string;
  networkKey: string;
  cardIds: string[];
  connections: number;
  /** Requests a second (open loop); undefined sends as fast as answered on `connections`. */
  rate?: number;
  durationS: number;
  /** The portal's reads beside the network's load, at a rate or as fast as answered; null runs the network alone. */
  portal: { connections: number; rate?: number; headers: Record<string, string> } | null;
  /**
   * 'health' sends the provider's GET /health (one `select 1`) in place of each authorization, paced the same way:
   * the floor under the path — what any answer of this provider costs on this machine, at this rate, beside the
   * same portal load.
   */
  target?: 'authorize' | 'health';
}

export interface Side {
  latencies: number[];
  non2xx: number;
  errors: number;
}

export interface NetworkResult {
  elapsedMs: number;
  network: Side;
  portal: Side | null;
}

const MCCS = [5812, 5411, 5541, 4121, 5912, 5734, 7995, 6011];

interface Request {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: () => string;
}

const newSide = (): Side => ({ latencies: [], non2xx: 0, errors: 0 });

async function closedLoop(url: string, connections: number, durationS: number, request: Request, side: Side) {
  const served = await autocannonRun({
    url,
    connections,
    duration: durationS,
    requests: [
      {
        method: request.method,
        path: request.path,
        headers: request.headers,
        ...(request.body ? { setupRequest: (req) => ({ ...req, body: request.body?.() }) } : {}),
      },
    ],
  });
  side.latencies.push(...served.latencies);
  side.non2xx = served.non2xx;
  side.errors = served.errors;
}

/** One request every 1/rate s for durationS, each timed from when it left. */
async function paced(url: string, rate: number, durationS: number, request: Request, side: Side) {
  const pool = new Pool(url, { connections: 64, pipelining: 1 });
  const interval = 1000 / rate;
  const start = performance.now();
  const total = Math.floor(rate * durationS);
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    // Timed from when it leaves: the timer's own lateness in this process is not the server's. A request never waits
    // for an earlier answer, so the server's queue still shows in full.
    const sent = performance.now();
    inFlight.push(
      pool
        .request({
          method: request.method,
          path: request.path,
          headers: request.headers,
          ...(request.body ? { body: request.body() } : {}),
        })
        .then(async ({ statusCode, body }) => {
          await body.dump();
          if (statusCode >= 200 && statusCode < 300) side.latencies.push(performance.now() - sent);
          else side.non2xx += 1;
        })
        .catch(() => {
          side.errors += 1;
        }),
    );
  }
  await Promise.all(inFlight);
  await pool.close();
}

async function run(job: NetworkJob): Promise<NetworkResult> {
  const network = newSide();
  const portal = job.portal ? newSide() : null;
  let n = 0;
  const health: Request = { method: 'GET', path: '/health', headers: {} };
  const purchase: Request = {
    method: 'POST',
    path: '/v1/network/authorizations',
    headers: { 'content-type': 'application/json', 'x-network-key': job.networkKey },
    body: () => {
      n += 1;
      return JSON.stringify({
        requestId: randomUUID(),
        cardId: job.cardIds[n % job.cardIds.length],
        amount: 1 + (n % 90),
        merchantName: 'LOJA DE CARGA',
        mcc: MCCS[n % MCCS.length],
        merchantCountry: n % 11 === 0 ? 'US' : 'BR',
        channel: n % 3 === 0 ? 'ONLINE' : 'PRESENCIAL',
        at: new Date().toISOString(),
      });
    },
  };
  const drive = (request: Request, side: Side, connections: number, rate: number | undefined) =>
    rate
      ? paced(job.url, rate, job.durationS, request, side)
      : closedLoop(job.url, connections, job.durationS, request, side);
  const started = performance.now();
  await Promise.all([
    drive(job.target === 'health' ? health : purchase, network, job.connections, job.rate),
    job.portal && portal
      ? drive(
          { method: 'GET', path: '/v1/corporate/accounts', headers: job.portal.headers },
          portal,
          job.portal.connections,
          job.portal.rate,
        )
      : Promise.resolve(),
  ]);
  return { elapsedMs: performance.now() - started, network, portal };
}

serveLoadJobs(run);
