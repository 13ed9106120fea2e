// The autocannon side of the benches, one way for all their load processes: a run that keeps the latency of every
// 2xx answer (autocannon's own histogram keeps whole milliseconds, and a hop is measured in fractions of one), and
// the loop that takes one job at a time over IPC from the bench (support/processes.ts loadProcess) and answers it.
import autocannon from 'autocannon';

export interface Served {
  /** Latency of every 2xx answer, in ms. */
  latencies: number[];
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** One autocannon run to its end. */
export function autocannonRun(options: autocannon.Options): Promise<Served> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (err, result) => {
      if (err) return reject(err);
      resolve({ latencies, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts });
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

/** A load process's loop: each job `run` and answered `{ ok, result }` or `{ ok: false, error }`; ends on disconnect. */
export function serveLoadJobs<Job, Result>(run: (job: Job) => Promise<Result>): void {
  process.on('message', (job: Job) => {
    run(job).then(
      (result) => process.send?.({ ok: true, result }),
      (err: unknown) => process.send?.({ ok: false, error: String(err) }),
    );
  });
  process.on('disconnect', () => process.exit(0));
}
