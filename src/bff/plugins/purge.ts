// Housekeeping on a timer (decision 069): device sessions nobody can use any more are deleted, and the in-memory
// replay cache drops spent ids even when no call arrives to trigger its own sweep. Redis expires its ids itself.
// A plain DELETE by age is safe with several instances: they may race, and the losers simply delete nothing.
import type { FastifyInstance } from 'fastify';
import type { ReplayGuard } from '../replay.ts';
import type { DeviceStore } from '../store/devices.ts';

export const PURGE_EVERY_MS = 10 * 60 * 1000;

export function schedulePurge(
  app: FastifyInstance,
  opts: { devices: DeviceStore; replay: ReplayGuard; sessionTtlMs: number; everyMs?: number },
): void {
  const run = () => {
    opts.devices
      .purgeOlderThan(opts.sessionTtlMs)
      .then((n) => n > 0 && app.log.info({ purged: n }, 'device sessions expired and deleted'))
      .catch((err: unknown) => app.log.warn({ err }, 'could not purge expired device sessions'));
    if ('sweep' in opts.replay && typeof opts.replay.sweep === 'function') opts.replay.sweep();
  };
  // unref: the timer never keeps a process alive that is otherwise done.
  const timer = setInterval(run, opts.everyMs ?? PURGE_EVERY_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
