// The audit chain's heads, published outside the database (decision 125): each chain's last link (company, number,
// MAC, the row's time) in one JSON file signed with Ed25519 under a key derived from the master key. The check
// compares every chain with it, so rows cut from a chain's end are seen even though every MAC left still holds.
// `latest.json` is replaced atomically (written aside, then renamed): a reader never sees half a file.
import { randomBytes, sign, verify } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { AuditPublishedHead } from '../../contracts/audit.ts';
import type { Config } from '../../platform/config.ts';
import type { Anchor, ChainHead } from './chain.ts';
import type { AuditKeys } from './keys.ts';

export const HEADS_FORMAT = 'fidis-audit-heads/1' as const;
export const LATEST_HEADS = 'latest.json';

const headsFile = z.object({
  format: z.literal(HEADS_FORMAT),
  publishedAt: z.string(),
  heads: z.array(
    z.object({
      chain: z.number().int().min(0),
      seq: z.number().int().min(1),
      mac: z.string().regex(/^[0-9a-f]{64}$/),
      at: z.string(),
    }),
  ),
  signature: z.string(),
});
export type HeadsFile = z.infer<typeof headsFile>;

export type Published =
  | { state: 'none' }
  | { state: 'invalid'; reason: 'unreadable' | 'signature' }
  | { state: 'ok'; file: HeadsFile };

/** AUDIT_HEADS_DIR, or DATA_DIR/audit-heads. */
export function auditHeadsDir(config: Pick<Config, 'AUDIT_HEADS_DIR' | 'DATA_DIR'>): string {
  return resolve(config.AUDIT_HEADS_DIR ?? join(config.DATA_DIR, 'audit-heads'));
}

/** The bytes signed: every field but the signature, in this order. */
const signedBytes = (f: Omit<HeadsFile, 'signature'>) =>
  Buffer.from(
    JSON.stringify({
      format: f.format,
      publishedAt: f.publishedAt,
      heads: f.heads.map((h) => ({ chain: h.chain, seq: h.seq, mac: h.mac, at: h.at })),
    }),
    'utf8',
  );

export function signHeads(keys: AuditKeys, publishedAt: Date, heads: readonly ChainHead[]): HeadsFile {
  const body = { format: HEADS_FORMAT, publishedAt: publishedAt.toISOString(), heads: [...heads] };
  return { ...body, signature: sign(null, signedBytes(body), keys.signing).toString('base64') };
}

/** The last published heads, their signature checked with the key; none when nothing was published there yet. */
export async function readPublished(dir: string, keys: AuditKeys): Promise<Published> {
  let text: string;
  try {
    text = await readFile(join(dir, LATEST_HEADS), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'none' };
    throw err;
  }
  let parsed: HeadsFile;
  try {
    parsed = headsFile.parse(JSON.parse(text));
  } catch {
    return { state: 'invalid', reason: 'unreadable' };
  }
  const valid = verify(null, signedBytes(parsed), keys.verifying, Buffer.from(parsed.signature, 'base64'));
  return valid ? { state: 'ok', file: parsed } : { state: 'invalid', reason: 'signature' };
}

/** One company's published head, as the audit trail screen shows it. */
export async function publishedHeadOf(dir: string, keys: AuditKeys, companyId: number): Promise<AuditPublishedHead> {
  const published = await readPublished(dir, keys);
  const none = { seq: null, mac: null, publishedAt: null };
  if (published.state === 'invalid') return { state: 'invalid', ...none };
  const head = published.state === 'ok' ? published.file.heads.find((h) => h.chain === companyId) : undefined;
  if (!head || published.state !== 'ok') return { state: 'absent', ...none };
  return { state: 'published', seq: head.seq, mac: head.mac, publishedAt: published.file.publishedAt };
}

export function anchorsOf(file: HeadsFile): Map<number, Anchor> {
  return new Map(file.heads.map((h) => [h.chain, { seq: h.seq, mac: h.mac }]));
}

export async function writePublished(dir: string, file: HeadsFile): Promise<void> {
  await mkdir(dir, { recursive: true });
  const aside = join(dir, `.${LATEST_HEADS}.${process.pid}.${randomBytes(4).toString('hex')}`);
  await writeFile(aside, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o644 });
  await rename(aside, join(dir, LATEST_HEADS));
}
