// Sealing to the server's RSA key (device registration): RSA-OAEP-SHA256 wraps a fresh AES-256 key,
// AES-GCM carries the JSON. The "message too long for the key" check stays on the RSA part.
import { AES_IV_BYTES } from '../contracts/constants.ts';
import { CryptoError, fromBase64, fromHex, toBase64, toHex, utf8 } from './encoding.ts';

const RSA = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;
/** OAEP with SHA-256 spends 2 * 32 + 2 bytes of the modulus on padding. */
const OAEP_OVERHEAD = 66;

export interface SealedBox {
  /** base64 of the RSA-OAEP-wrapped content key */
  key: string;
  /** hex(iv || AES-GCM(ciphertext || tag)) */
  payload: string;
}

export async function importPublicKey(spkiBase64: string): Promise<CryptoKey> {
  try {
    return await crypto.subtle.importKey('spki', fromBase64(spkiBase64), RSA, true, ['encrypt']);
  } catch (cause) {
    throw new CryptoError('invalid public key', { cause });
  }
}

export async function importPrivateKey(pkcs8: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey('pkcs8', pkcs8, RSA, false, ['decrypt']);
}

export function modulusBytes(key: CryptoKey): number {
  return (key.algorithm as RsaHashedKeyAlgorithm).modulusLength / 8;
}

/** RSA-OAEP encryption of a short secret; refuses a message longer than the key can carry. */
export async function rsaEncrypt(publicKey: CryptoKey, message: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  if (message.length > modulusBytes(publicKey) - OAEP_OVERHEAD) throw new CryptoError('message too long for the key');
  return new Uint8Array(await crypto.subtle.encrypt(RSA, publicKey, message));
}

/** Seals a JSON value to the holder of the private key; the request id is bound as additional data. */
export async function sealToPublicKey(publicKey: CryptoKey, value: unknown, requestId: string): Promise<SealedBox> {
  const contentKey = crypto.getRandomValues(new Uint8Array(32));
  const wrapped = await rsaEncrypt(publicKey, contentKey);
  const aes = await crypto.subtle.importKey('raw', contentKey, 'AES-GCM', false, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(AES_IV_BYTES));
  const ct = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: utf8.encode(requestId) },
    aes,
    utf8.encode(JSON.stringify(value)),
  );
  const body = new Uint8Array(iv.length + ct.byteLength);
  body.set(iv, 0);
  body.set(new Uint8Array(ct), iv.length);
  return { key: toBase64(wrapped), payload: toHex(body) };
}

export async function openSealedBox<T = unknown>(privateKey: CryptoKey, box: SealedBox, requestId: string): Promise<T> {
  try {
    const contentKey = new Uint8Array(await crypto.subtle.decrypt(RSA, privateKey, fromBase64(box.key)));
    const aes = await crypto.subtle.importKey('raw', contentKey, 'AES-GCM', false, ['decrypt']);
    const bytes = fromHex(box.payload);
    const pt = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, AES_IV_BYTES), additionalData: utf8.encode(requestId) },
      aes,
      bytes.subarray(AES_IV_BYTES),
    );
    return JSON.parse(utf8.decode(new Uint8Array(pt))) as T;
  } catch (cause) {
    throw cause instanceof CryptoError ? cause : new CryptoError('sealed box failed to open', { cause });
  }
}
