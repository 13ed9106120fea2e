import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './encoding.ts';
import { deriveSessionKey, openJson, sealJson } from './envelope.ts';
import { randomAlphanumeric } from './random.ts';

const secrets = () => ({ cipherAES: randomAlphanumeric(), tokenAES: randomAlphanumeric() });
const REQUEST_ID = '01960000-0000-7000-8000-000000000001';

function flip(payload: string, index: number): string {
  const bytes = fromHex(payload);
  bytes[index] = (bytes[index] ?? 0) ^ 0x01;
  return toHex(bytes);
}

describe('AES-256-GCM envelope', () => {
  it('round-trips JSON and uses a fresh 16-byte IV every time', async () => {
    const key = await deriveSessionKey(secrets());
    const value = { method: 'GET', url: 'https://api.fidis.com.br/v1/corporate/companies', acentos: 'ção' };
    const a = await sealJson(key, value, REQUEST_ID);
    const b = await sealJson(key, value, REQUEST_ID);
    expect(a.payload).toMatch(/^[0-9a-f]+$/);
    expect(a.payload.slice(0, 32)).not.toBe(b.payload.slice(0, 32));
    expect(await openJson(key, a.payload, REQUEST_ID)).toEqual(value);
  });

  it('refuses a flipped byte in the IV, the ciphertext and the tag', async () => {
    const key = await deriveSessionKey(secrets());
    const { payload } = await sealJson(key, { ok: true }, REQUEST_ID);
    const length = payload.length / 2;
    for (const index of [0, 15, 16, length - 17, length - 1]) {
      await expect(openJson(key, flip(payload, index), REQUEST_ID)).rejects.toThrow(/authentication/);
    }
  });

  it('refuses another session key and another request id', async () => {
    const s = secrets();
    const key = await deriveSessionKey(s);
    const { payload } = await sealJson(key, { ok: true }, REQUEST_ID);
    const otherKey = await deriveSessionKey({ cipherAES: s.cipherAES, tokenAES: randomAlphanumeric() });
    await expect(openJson(otherKey, payload, REQUEST_ID)).rejects.toThrow();
    await expect(openJson(key, payload, REQUEST_ID.replace(/1$/, '2'))).rejects.toThrow();
  });

  it('refuses malformed and truncated payloads', async () => {
    const key = await deriveSessionKey(secrets());
    await expect(openJson(key, 'zz', REQUEST_ID)).rejects.toThrow(/hex/);
    await expect(openJson(key, '00'.repeat(20), REQUEST_ID)).rejects.toThrow(/short/);
  });

  it('derives the same key from the same secrets, so browser and server agree', async () => {
    const s = secrets();
    const sealed = await sealJson(await deriveSessionKey(s), 'olá', REQUEST_ID);
    expect(await openJson(await deriveSessionKey({ ...s }), sealed.payload, REQUEST_ID)).toBe('olá');
  });
});
