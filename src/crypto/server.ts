// The envelope on node:crypto, for the BFF's hot path: same keys, same wire format and the same single failure
// as envelope.ts (which must stay WebCrypto-only, for the browser). Each WebCrypto call in Node pays for algorithm
// normalisation, a thread-pool job and a promise; for the small envelopes of /proxy, a synchronous AES-GCM call
// is a few microseconds. Larger ones still go through WebCrypto, off the event loop. Hex is Buffer's, natively.
import {
  createCipheriv,
  createDecipheriv,
  createSecretKey,
  hkdfSync,
  type KeyObject,
  randomFillSync,
} from 'node:crypto';
import { AES_IV_BYTES } from '../contracts/constants.ts';
import { CryptoError } from './encoding.ts';
import { ENVELOPE_INFO, type SessionSecrets, TAG_BYTES } from './envelope.ts';

/** Up to this many bytes an envelope is sealed or opened synchronously; above it, on the thread pool. */
export const SYNC_ENVELOPE_BYTES = 64 * 1024;

/** The node:crypto twin of each session key derived here. A key derived elsewhere takes the WebCrypto path. */
const twins = new WeakMap<CryptoKey, KeyObject>();
const utf8Decoder = new TextDecoder('utf-8', { fatal: true });

/** deriveSessionKey() of envelope.ts (HKDF-SHA256 → AES-256-GCM, non-extractable), with its node:crypto twin. */
export async function deriveSessionKey({ cipherAES, tokenAES }: SessionSecrets): Promise<CryptoKey> {
  const raw = new Uint8Array(hkdfSync('sha256', cipherAES, tokenAES, ENVELOPE_INFO, 32));
  try {
    const key = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
    twins.set(key, createSecretKey(raw));
    return key;
  } finally {
    raw.fill(0);
  }
}

/**
 * IVs are cut from one CSPRNG draw per IV_POOL_SIZE seals: randomFillSync's fixed cost per call was 4 % of the BFF's
 * busy time under load (bench/proxy, issue 17). Each IV is its own slice of a pool that is replaced, never
 * refilled, so no IV is handed out twice or changes after it was (GCM's one rule under a key).
 */
const IV_POOL_SIZE = 256;
let ivPool: Buffer<ArrayBuffer> = Buffer.alloc(0);
let ivOffset = 0;
function nextIv(): Buffer<ArrayBuffer> {
  if (ivOffset + AES_IV_BYTES > ivPool.length) {
    ivPool = randomFillSync(Buffer.allocUnsafeSlow(AES_IV_BYTES * IV_POOL_SIZE));
    ivOffset = 0;
  }
  const iv = ivPool.subarray(ivOffset, ivOffset + AES_IV_BYTES);
  ivOffset += AES_IV_BYTES;
  return iv;
}

export async function sealText(key: CryptoKey, plaintext: string, requestId: string): Promise<string> {
  const iv = nextIv();
  const aad = Buffer.from(requestId, 'utf8');
  const twin = twins.get(key);
  // UTF-16 length × 3 bounds the UTF-8 size without encoding it first.
  if (twin && plaintext.length * 3 <= SYNC_ENVELOPE_BYTES) {
    const cipher = createCipheriv('aes-256-gcm', twin, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(aad);
    return Buffer.concat([iv, cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('hex');
  }
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: aad, tagLength: TAG_BYTES * 8 },
    key,
    Buffer.from(plaintext, 'utf8'),
  );
  return Buffer.concat([iv, new Uint8Array(sealed)]).toString('hex');
}

export async function openText(key: CryptoKey, payload: string, requestId: string): Promise<string> {
  // Buffer's hex decoder stops at the first pair that is not hex, so a whole decode is the check (no second pass).
  const bytes = Buffer.from(payload, 'hex');
  if (bytes.length * 2 !== payload.length) throw new CryptoError('malformed hex');
  if (bytes.length < AES_IV_BYTES + TAG_BYTES) throw new CryptoError('payload too short');
  const iv = bytes.subarray(0, AES_IV_BYTES);
  const aad = Buffer.from(requestId, 'utf8');
  const twin = twins.get(key);
  try {
    if (twin && bytes.length <= SYNC_ENVELOPE_BYTES) {
      const decipher = createDecipheriv('aes-256-gcm', twin, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(aad);
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      const body = bytes.subarray(AES_IV_BYTES, bytes.length - TAG_BYTES);
      return utf8Decoder.decode(Buffer.concat([decipher.update(body), decipher.final()]));
    }
    const opened = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv, additionalData: aad, tagLength: TAG_BYTES * 8 },
      key,
      bytes.subarray(AES_IV_BYTES),
    );
    return utf8Decoder.decode(new Uint8Array(opened));
  } catch (cause) {
    throw new CryptoError('payload failed authentication', { cause });
  }
}

export async function sealJson(key: CryptoKey, value: unknown, requestId: string): Promise<{ payload: string }> {
  return { payload: await sealText(key, JSON.stringify(value), requestId) };
}

export async function openJson<T = unknown>(key: CryptoKey, payload: string, requestId: string): Promise<T> {
  const text = await openText(key, payload, requestId);
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    throw new CryptoError('payload is not JSON', { cause });
  }
}
