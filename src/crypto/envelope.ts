// The envelope protocol of the encrypted transport, on WebCrypto so the browser and Node run this same code.
//   session key = HKDF-SHA256(ikm = cipherAES, salt = tokenAES, info = "fidis/envelope/v1") -> AES-256-GCM
//   payload     = hex(iv[16] || ciphertext || tag[16]), additional data = the call's x-request-id
import { AES_IV_BYTES } from '../contracts/constants.ts';
import { CryptoError, fromHex, toHex, utf8 } from './encoding.ts';

/** HKDF info of the session key; src/crypto/server.ts derives the same key from it. */
export const ENVELOPE_INFO = 'fidis/envelope/v1';
export const TAG_BYTES = 16;
const INFO = utf8.encode(ENVELOPE_INFO);

export interface SessionSecrets {
  cipherAES: string;
  tokenAES: string;
}

/** Derives the AES-GCM key of a device session. Derive once per session and reuse it: this is the slow part. */
export async function deriveSessionKey({ cipherAES, tokenAES }: SessionSecrets): Promise<CryptoKey> {
  const ikm = await crypto.subtle.importKey('raw', utf8.encode(cipherAES), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: utf8.encode(tokenAES), info: INFO },
    ikm,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** Encrypts a UTF-8 text bound to a request id. */
export async function sealText(key: CryptoKey, plaintext: string, requestId: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(AES_IV_BYTES));
  const ct = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: utf8.encode(requestId), tagLength: TAG_BYTES * 8 },
    key,
    utf8.encode(plaintext),
  );
  const out = new Uint8Array(iv.length + ct.byteLength);
  out.set(iv, 0);
  out.set(new Uint8Array(ct), iv.length);
  return toHex(out);
}

/** Decrypts and authenticates; a flipped byte, another key or another request id all fail the same way. */
export async function openText(key: CryptoKey, payload: string, requestId: string): Promise<string> {
  const bytes = fromHex(payload);
  if (bytes.length < AES_IV_BYTES + TAG_BYTES) throw new CryptoError('payload too short');
  try {
    const pt = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, AES_IV_BYTES), additionalData: utf8.encode(requestId) },
      key,
      bytes.subarray(AES_IV_BYTES),
    );
    return utf8.decode(new Uint8Array(pt));
  } catch (cause) {
    throw new CryptoError('payload failed authentication', { cause });
  }
}

/** `{payload}` around a JSON value. */
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
