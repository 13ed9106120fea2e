// The load of bench/network.ts, in its own process: the card network's authorizations (each a new request id, on
// a card drawn from the pool) and, beside them, the portal's own reads (the account list, signed in), both driven by
// autocannon at once. Answers each side's latencies of 2xx answers, in ms.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

export interface NetworkJob {
  url: string;
  networkKey: string;
  cardIds: string[];
  connections: number;
  durationS: number;
  /** The portal's reads beside the network's load; null runs the network alone. */
  portal: { connections: number; headers: Record<string, string> } | null;
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

function drive(options: autocannon.Options, side: Side): Promise<void> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (err, result) => {
      if (err) return reject(err);
      side.non2xx = result.non2xx;
      side.errors = result.errors;
      resolve();
    });
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) side.latencies.push(ms);
    });
  });
}

async function run(job: NetworkJob): Promise<NetworkResult> {
  const network: Side = { latencies: [], non2xx: 0, errors: 0 };
  const portal: Side | null = job.portal ? { latencies: [], non2xx: 0, errors: 0 } : null;
  let n = 0;
  const started = performance.now();
  await Promise.all([
    drive(
      {
        url: job.url,
        connections: job.connections,
        duration: job.durationS,
        requests: [
          {
            method: 'POST',
            path: '/v1/network/authorizations',
            headers: { 'content-type': 'application/json', 'x-network-key': job.networkKey },
            setupRequest: (req) => {
              n += 1;
              return {
                ...req,
                body: JSON.stringify({
                  requestId: randomUUID(),
                  cardId: job.cardIds[n % job.cardIds.length],
                  amount: 1 + (n % 90),
                  merchantName: 'LOJA DE CARGA',
                  mcc: MCCS[n % MCCS.length],
                  merchantCountry: n % 11 === 0 ? 'US' : 'BR',
                  channel: n % 3 === 0 ? 'ONLINE' : 'PRESENCIAL',
                  at: new Date().toISOString(),
                }),
              };
            },
          },
        ],
      },
      network,
    ),
    job.portal && portal
      ? drive(
          {
            url: `${job.url}/v1/corporate/accounts`,
            connections: job.portal.connections,
            duration: job.durationS,
            headers: job.portal.headers,
          },
          portal,
        )
      : Promise.resolve(),
  ]);
  return { elapsedMs: performance.now() - started, network, portal };
}

process.on('message', (job: NetworkJob) => {
  run(job).then(
    (result) => process.send?.({ ok: true, result }),
    (err: unknown) => process.send?.({ ok: false, error: String(err) }),
  );
});
process.on('disconnect', () => process.exit(0));
