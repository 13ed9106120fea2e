// `npm run secrets:rotate` with the audit chain (decision 125): the stored secrets re-sealed and the chain re-keyed in
// one transaction, then the new heads published, signed with the next key. The last head published under the
// current key is kept beside it (heads-<time>-previous-key.json): the trail's last word before the rotation.
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { DatabaseHandle } from '../../platform/database.ts';
import type { MasterKey } from '../../platform/master-key.ts';
import { rotateMasterKey } from '../../platform/rotate-master-key.ts';
import type { ChainHead } from './chain.ts';
import { anchorsOf, LATEST_HEADS, readPublished, signHeads, writePublished } from './heads.ts';
import { auditKeys } from './keys.ts';
import { rekeyAuditChain } from './rekey.ts';

export interface Rotated {
  secrets: number;
  /** Chains re-keyed; null when this database has no audit chain (a BFF's own). */
  chains: number | null;
}

export async function rotateWithAuditChain(
  handle: DatabaseHandle,
  current: MasterKey,
  next: MasterKey,
  headsDir: string,
  now: Date,
): Promise<Rotated> {
  const currentKeys = auditKeys(current);
  const nextKeys = auditKeys(next);
  const last = await readPublished(headsDir, currentKeys);
  if (last.state === 'invalid') {
    throw new Error(
      `o topo publicado em ${join(headsDir, LATEST_HEADS)} não confere com a chave atual: investigue antes de trocá-la`,
    );
  }
  let heads: ChainHead[] | null = null;
  const secrets = await rotateMasterKey(handle, current, next, async (runner) => {
    heads = await rekeyAuditChain(
      runner,
      currentKeys,
      nextKeys,
      last.state === 'ok' ? anchorsOf(last.file) : new Map(),
    );
  });
  const rekeyed = heads as ChainHead[] | null;
  if (rekeyed === null) return { secrets, chains: null };
  if (last.state === 'ok') {
    const stamp = last.file.publishedAt.replace(/[:.]/g, '-');
    await rename(join(headsDir, LATEST_HEADS), join(headsDir, `heads-${stamp}-previous-key.json`));
  }
  await writePublished(headsDir, signHeads(nextKeys, now, rekeyed));
  return { secrets, chains: rekeyed.length };
}
