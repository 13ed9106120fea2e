// The envelope of src/crypto (docs/transport.md), rebuilt on node:crypto so the load process can seal each request
// synchronously inside autocannon's setupRequest. bench/proxy.ts checks it against src/crypto before any load runs.
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { AES_IV_BYTES } from '../src/contracts/constants.ts';
import type { SessionSecrets } from '../src/crypto/index.ts';

const INFO = 'fidis/envelope/v1';
const TAG_BYTES = 16;

/** The raw AES-256 key deriveSessionKey() would derive (HKDF-SHA256, ikm = cipherAES, salt = tokenAES). */
export function sessionKeyBytes({ cipherAES, tokenAES }: SessionSecrets): Buffer {
  return Buffer.from(hkdfSync('sha256', cipherAES, tokenAES, INFO, 32));
}

/** sealJson() of src/crypto: hex(iv || ciphertext || tag), the request id as additional data. */
export function sealJsonSync(key: Buffer, value: unknown, requestId: string): { payload: string } {
  const iv = randomBytes(AES_IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(requestId, 'utf8'));
  const sealed = Buffer.concat([iv, cipher.update(JSON.stringify(value), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { payload: sealed.toString('hex') };
}
