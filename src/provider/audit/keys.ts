// The audit chain's keys (decision 125), derived from the master key, which lives outside the database: the MAC key
// that links each company's audit rows and card events, and the Ed25519 key that signs the chain heads published
// outside the database. Neither is ever stored: whoever holds only the database can neither forge a link nor a head.
import { createHmac, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import type { MasterKey } from '../../platform/master-key.ts';
import type { DbExecutor } from '../db/client.ts';

/** HKDF labels: each use its own key, none of them the master key itself. */
const MAC_INFO = 'fidis audit chain mac v1';
const SIGNING_INFO = 'fidis audit heads ed25519 v1';
/** PKCS#8 DER of an Ed25519 private key before its 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface AuditKeys {
  /** HMAC-SHA256 of a chain link, hex. */
  mac(content: string): string;
  signing: KeyObject;
  verifying: KeyObject;
}

export function auditKeys(master: MasterKey): AuditKeys {
  const macKey = master.derive(MAC_INFO);
  const seed = master.derive(SIGNING_INFO);
  const signing = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  seed.fill(0);
  return {
    mac: (content) => createHmac('sha256', macKey).update(content, 'utf8').digest('hex'),
    signing,
    verifying: createPublicKey(signing),
  };
}

/**
 * The keys each database object writes its audit rows with. Every writer reaches them through the executor it
 * writes with (a database or one of its transactions, which share drizzle's dialect object), so no call chain has to
 * carry them and no audit row can be written by a database the keys were not given to.
 */
const keysOf = new WeakMap<object, AuditKeys>();

const dialectOf = (executor: DbExecutor): object => (executor as unknown as { dialect: object }).dialect;

export function bindAuditKeys<T extends DbExecutor>(db: T, keys: AuditKeys): T {
  keysOf.set(dialectOf(db), keys);
  return db;
}

export function auditKeysOf(executor: DbExecutor): AuditKeys {
  const keys = keysOf.get(dialectOf(executor));
  if (!keys) throw new Error('audit rows need the audit chain keys: create the database with createDb(handle, keys)');
  return keys;
}
