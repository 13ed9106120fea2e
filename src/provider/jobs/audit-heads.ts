// The audit chain's heads published at each start and every AUDIT_PUBLISH_MINUTES (decision 125), by every provider
// instance (they take turns on a lock, and each publication is idempotent). A refusal — the chain broken since the
// last published head — is logged as an error and leaves the last file as it is.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { DatabaseHandle } from '../../platform/database.ts';
import { loadMasterKey } from '../../platform/master-key.ts';
import { auditHeadsDir } from '../audit/heads.ts';
import { auditKeys } from '../audit/keys.ts';
import { HeadsRefused, publishHeads } from '../audit/publish.ts';
import { createDb } from '../db/client.ts';

type HeadsConfig = Pick<
  Config,
  'AUDIT_HEADS_DIR' | 'AUDIT_PUBLISH_MINUTES' | 'DATA_DIR' | 'FIDIS_MODE' | 'FIDIS_MASTER_KEY'
>;

export interface HeadsSchedule {
  /** Publishes now (the start's publication, or a test's); resolves when written or refused. */
  publishNow(): Promise<void>;
}

/** Starts the publications on this provider (the first at once) and stops them when the app closes. */
export function scheduleHeadPublication(
  app: FastifyInstance,
  handle: DatabaseHandle,
  config: HeadsConfig,
  opts: { clock?: () => Date } = {},
): HeadsSchedule {
  const keys = auditKeys(loadMasterKey(config));
  const db = createDb(handle, keys);
  const dir = auditHeadsDir(config);
  const clock = opts.clock ?? (() => new Date());
  let running: Promise<void> = Promise.resolve();
  const publish = async () => {
    try {
      const file = await publishHeads(db, keys, dir, clock());
      app.log.info({ job: 'audit-heads', chains: file.heads.length, dir }, 'audit chain heads published');
    } catch (err) {
      if (err instanceof HeadsRefused) {
        app.log.error(
          { job: 'audit-heads', broken: err.broken, invalidFile: err.invalidFile, dir },
          'audit chain heads NOT published: run npm run audit:verify',
        );
      } else app.log.error({ err, job: 'audit-heads' }, 'could not publish the audit chain heads');
    }
  };
  const publishNow = () => {
    running = running.then(publish);
    return running;
  };
  const timer = setInterval(() => void publishNow(), config.AUDIT_PUBLISH_MINUTES * 60_000);
  timer.unref();
  app.addHook('onReady', async () => {
    void publishNow();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
  return { publishNow };
}
