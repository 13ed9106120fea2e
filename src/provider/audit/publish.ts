// Publishing the audit chain's heads (decision 125): on a schedule, at each start and on demand (`npm run
// audit:verify -- --publish`). A head is published only over a chain that still holds: each chain is checked from its
// last published head on (the link there unchanged, every later MAC recomputed), so a chain cut or altered since is
// never blessed by a new head — the old file stays, as the evidence, and the refusal is logged.
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { type BrokenLink, type ChainHead, chainsOf, checkChain } from './chain.ts';
import { anchorsOf, type HeadsFile, readPublished, signHeads, writePublished } from './heads.ts';
import type { AuditKeys } from './keys.ts';

/** Two publishers at once (instances sharing the folder) take turns: each sees the other's file. */
const PUBLISH_LOCK = 4_242_004;

export class HeadsRefused extends Error {
  constructor(
    readonly broken: BrokenLink[],
    readonly invalidFile = false,
  ) {
    super(invalidFile ? 'published audit heads do not verify' : 'audit chain broken since its last published head');
    this.name = 'HeadsRefused';
  }
}

/** Checks every chain from its published head and publishes the heads; refuses (HeadsRefused) when any fails. */
export async function publishHeads(
  db: DbExecutor,
  keys: AuditKeys,
  dir: string,
  now: Date,
  opts: { verified?: readonly ChainHead[] } = {},
): Promise<HeadsFile> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PUBLISH_LOCK})`);
    const last = await readPublished(dir, keys);
    if (last.state === 'invalid') throw new HeadsRefused([], true);
    const anchors = last.state === 'ok' ? anchorsOf(last.file) : new Map();
    let heads: ChainHead[];
    if (opts.verified) {
      // Just checked whole by the caller (audit:verify), against this same file.
      heads = [...opts.verified];
    } else {
      const chains = await chainsOf(tx, anchors.keys());
      heads = [];
      const broken: BrokenLink[] = [];
      for (const chain of chains) {
        const checked = await checkChain(tx, keys, chain, anchors.get(chain), { from: true });
        if (checked.broken) broken.push(checked.broken);
        if (checked.head) heads.push(checked.head);
      }
      if (broken.length > 0) throw new HeadsRefused(broken);
    }
    const file = signHeads(keys, now, heads);
    await writePublished(dir, file);
    return file;
  });
}
