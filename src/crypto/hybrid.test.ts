import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from './encoding.ts';
import { importPrivateKey, importPublicKey, openSealedBox, rsaEncrypt, sealToPublicKey } from './hybrid.ts';

function keyPair(bits: number) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  return {
    spki: toBase64(publicKey.export({ type: 'spki', format: 'der' })),
    pkcs8: new Uint8Array(privateKey.export({ type: 'pkcs8', format: 'der' })),
  };
}

const REQUEST_ID = '01960000-0000-7000-8000-0000000000aa';

describe('hybrid seal to the server key (device registration)', () => {
  const server = keyPair(2048);

  it('opens what the browser sealed, and only with the same request id', async () => {
    const pub = await importPublicKey(server.spki);
    const priv = await importPrivateKey(server.pkcs8);
    const payload = { fid: 'x', id: 'y', sessionCipher: 'a'.repeat(32), sessionToken: 'b'.repeat(32) };
    const box = await sealToPublicKey(pub, payload, REQUEST_ID);
    expect(await openSealedBox(priv, box, REQUEST_ID)).toEqual(payload);
    await expect(openSealedBox(priv, box, `${REQUEST_ID.slice(0, -1)}b`)).rejects.toThrow();
  });

  it('refuses a box opened with another key or with a tampered wrapped key', async () => {
    const pub = await importPublicKey(server.spki);
    const box = await sealToPublicKey(pub, { a: 1 }, REQUEST_ID);
    const other = await importPrivateKey(keyPair(2048).pkcs8);
    await expect(openSealedBox(other, box, REQUEST_ID)).rejects.toThrow();
    const wrapped = fromBase64(box.key);
    wrapped[10] = (wrapped[10] ?? 0) ^ 0xff;
    const priv = await importPrivateKey(server.pkcs8);
    await expect(openSealedBox(priv, { ...box, key: toBase64(wrapped) }, REQUEST_ID)).rejects.toThrow();
  });

  it('refuses a message too long for the key', async () => {
    const pub = await importPublicKey(server.spki);
    await expect(rsaEncrypt(pub, new Uint8Array(256 - 66 + 1))).rejects.toThrow(/too long/);
    await expect(rsaEncrypt(pub, new Uint8Array(256 - 66))).resolves.toHaveLength(256);
  });

  it('refuses a public key that is not SPKI', async () => {
    await expect(importPublicKey('bm90IGEga2V5')).rejects.toThrow(/invalid public key/);
  });
});
