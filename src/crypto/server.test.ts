import { createCipheriv, hkdfSync } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './encoding.ts';
import * as web from './envelope.ts';
import { ENVELOPE_INFO } from './envelope.ts';
import { randomAlphanumeric } from './random.ts';
import * as server from './server.ts';
import { SYNC_ENVELOPE_BYTES } from './server.ts';

const secrets = () => ({ cipherAES: randomAlphanumeric(), tokenAES: randomAlphanumeric() });
const REQUEST_ID = '01960000-0000-7000-8000-000000000001';

function flip(payload: string, index: number): string {
  const bytes = fromHex(payload);
  bytes[index] = (bytes[index] ?? 0) ^ 0x01;
  return toHex(bytes);
}

describe('the node:crypto envelope of the BFF', () => {
  it('speaks the browser envelope both ways, for any JSON and any request id', async () => {
    const s = secrets();
    const browserKey = await web.deriveSessionKey(s);
    const serverKey = await server.deriveSessionKey(s);
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.uuid({ version: 7 }), async (value, requestId) => {
        // What JSON itself can carry (-0 travels as 0 in any JSON), so the envelope is judged on its own.
        const carried = JSON.parse(JSON.stringify(value)) as unknown;
        const fromBrowser = await web.sealJson(browserKey, value, requestId);
        expect(await server.openJson(serverKey, fromBrowser.payload, requestId)).toEqual(carried);
        const fromServer = await server.sealJson(serverKey, value, requestId);
        expect(fromServer.payload).toMatch(/^[0-9a-f]+$/);
        expect(await web.openJson(browserKey, fromServer.payload, requestId)).toEqual(carried);
      }),
      { numRuns: 60 },
    );
  });

  it('speaks it too above the synchronous size, where WebCrypto does the work', async () => {
    const s = secrets();
    const big = { text: 'ç'.repeat(SYNC_ENVELOPE_BYTES) };
    const fromServer = await server.sealJson(await server.deriveSessionKey(s), big, REQUEST_ID);
    expect(await web.openJson(await web.deriveSessionKey(s), fromServer.payload, REQUEST_ID)).toEqual(big);
    const fromBrowser = await web.sealJson(await web.deriveSessionKey(s), big, REQUEST_ID);
    expect(await server.openJson(await server.deriveSessionKey(s), fromBrowser.payload, REQUEST_ID)).toEqual(big);
  });

  it('works with a key it did not derive, through WebCrypto', async () => {
    const s = secrets();
    const browserKey = await web.deriveSessionKey(s);
    const sealed = await server.sealJson(browserKey, { ok: 'sim' }, REQUEST_ID);
    expect(await server.openJson(browserKey, sealed.payload, REQUEST_ID)).toEqual({ ok: 'sim' });
    expect(await server.openJson(await server.deriveSessionKey(s), sealed.payload, REQUEST_ID)).toEqual({ ok: 'sim' });
    await expect(server.openJson(browserKey, sealed.payload, REQUEST_ID.replace(/1$/, '2'))).rejects.toThrow(
      /authentication/,
    );
  });

  it('uses a fresh IV every time, across the draws IVs are cut from', async () => {
    const key = await server.deriveSessionKey(secrets());
    const first = await server.sealJson(key, { ok: true }, REQUEST_ID);
    const payloads = [first.payload];
    // More seals than one draw of the IV pool holds (256), so several draws are crossed.
    for (let i = 0; i < 1_000; i++) payloads.push((await server.sealJson(key, { ok: true }, REQUEST_ID)).payload);
    const ivs = new Set(payloads.map((p) => p.slice(0, 24)));
    expect(ivs.size).toBe(payloads.length);
    // What was sealed before the later draws still opens: an IV handed out never changes.
    expect(await server.openJson(key, first.payload, REQUEST_ID)).toEqual({ ok: true });
  });

  it('refuses a flipped byte anywhere, another key and another request id, all with one error', async () => {
    const s = secrets();
    const key = await server.deriveSessionKey(s);
    const { payload } = await web.sealJson(await web.deriveSessionKey(s), { ok: true }, REQUEST_ID);
    const length = payload.length / 2;
    for (const index of [0, 15, 16, length - 17, length - 1]) {
      await expect(server.openJson(key, flip(payload, index), REQUEST_ID)).rejects.toThrow(/authentication/);
    }
    const otherKey = await server.deriveSessionKey({ ...s, tokenAES: randomAlphanumeric() });
    await expect(server.openJson(otherKey, payload, REQUEST_ID)).rejects.toThrow(/authentication/);
    await expect(server.openJson(key, payload, REQUEST_ID.replace(/1$/, '2'))).rejects.toThrow(/authentication/);
  });

  it('refuses malformed and truncated payloads before decrypting', async () => {
    const key = await server.deriveSessionKey(secrets());
    for (const bad of ['zz', '0', `${'00'.repeat(40)}g0`, '00 11', `${'00'.repeat(40)}\n`, `é${'00'.repeat(40)}`]) {
      await expect(server.openJson(key, bad, REQUEST_ID)).rejects.toThrow(/hex/);
    }
    await expect(server.openJson(key, '00'.repeat(31), REQUEST_ID)).rejects.toThrow(/short/);
  });

  it('refuses an authentic payload that is not UTF-8 or not JSON', async () => {
    const s = secrets();
    const key = await server.deriveSessionKey(s);
    const browserKey = await web.deriveSessionKey(s);
    const notJson = await web.sealText(browserKey, '{"a":', REQUEST_ID);
    await expect(server.openJson(key, notJson, REQUEST_ID)).rejects.toThrow(/JSON/);
    // A lone continuation byte, sealed with the raw session key: authentic, but not text.
    const raw = Buffer.from(hkdfSync('sha256', s.cipherAES, s.tokenAES, ENVELOPE_INFO, 32));
    const iv = Buffer.alloc(16, 7);
    const cipher = createCipheriv('aes-256-gcm', raw, iv).setAAD(Buffer.from(REQUEST_ID));
    const sealed = Buffer.concat([
      iv,
      cipher.update(Buffer.from([0x7b, 0x80, 0x7d])),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    await expect(server.openText(key, sealed.toString('hex'), REQUEST_ID)).rejects.toThrow(/authentication/);
    await expect(web.openText(browserKey, sealed.toString('hex'), REQUEST_ID)).rejects.toThrow(/authentication/);
  });
});

describe('hex', () => {
  it('round-trips any bytes and reads upper case', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const hex = toHex(bytes);
        expect(hex).toBe(Buffer.from(bytes).toString('hex'));
        expect(fromHex(hex)).toEqual(bytes);
        expect(fromHex(hex.toUpperCase())).toEqual(bytes);
      }),
    );
  });
});
