// The start-up alert as the operator meets it: on any screen, alone, and gone by itself once the BFF answers.
// The fake BFF runs the real src/crypto code on the other side of the wire.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contracts/index.ts';
import { deriveSessionKey, openJson, openSealedBox, sealJson, toBase64 } from '../../../crypto/index.ts';
import { companies } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { useAppStore } from '../store/app-store.ts';
import { initialMemoryState, memoryStore } from '../store/memory-store.ts';
import { resetTransport, STARTUP_RETRY_MS, startTransport } from './start-transport.ts';

const keyPair = crypto.subtle.generateKey(
  { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
  true,
  ['encrypt', 'decrypt'],
) as Promise<CryptoKeyPair>;

/** A BFF whose /keys fails until `up` is set; once up it registers devices and answers every proxied call. */
async function flakyBff() {
  const { publicKey, privateKey } = await keyPair;
  const spki = toBase64(new Uint8Array(await crypto.subtle.exportKey('spki', publicKey)));
  const state = { up: false, keys: 0 };
  let session: CryptoKey | null = null;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const requestId = (init.headers as Record<string, string>)['x-request-id'] ?? '';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      if (url === '/keys') {
        state.keys += 1;
        return state.up ? json(200, { publicKey: spki }) : json(503, {});
      }
      if (!state.up) return json(503, {});
      if (url === '/devices') {
        const registration = await openSealedBox<Record<string, string>>(privateKey, body, requestId);
        session = await deriveSessionKey({
          cipherAES: registration.sessionCipher ?? '',
          tokenAES: registration.sessionToken ?? '',
        });
        return json(200, await sealJson(session, { accessToken: 'device-jwt' }, requestId));
      }
      if (url === '/proxy' && session) {
        await openJson(session, body.payload, requestId);
        return json(200, await sealJson(session, { subAccounts: [], totalSubAccounts: 0 }, requestId));
      }
      return json(404, {});
    }),
  );
  return state;
}

describe('start-up alert and recovery', () => {
  beforeEach(() => {
    resetTransport();
    memoryStore.setState(initialMemoryState());
    useAppStore.getState().signOut();
  });
  afterEach(() => {
    resetTransport();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the alert inside the signed-in shell, once and alone, and takes it away when a retry succeeds', async () => {
    const bff = await flakyBff();
    useAppStore.getState().signIn({ usuario: 'Maria Operadora', login: 'maria.operadora', companies });
    useAppStore.getState().setCompany({ name: 'Empresa Alfa Ltda', cnpj: '11222333000181', relationCode: 'REL-1' });
    await startTransport().catch(() => undefined);

    renderApp('/home');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Estamos passando por algumas instabilidades no momento, por favor tente acessar o fidis mais tarde.',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Cartões da empresa' })).toBeTruthy();
    // The cards list's own failed read adds no second text (no flash notification repeating it).
    await waitFor(() => expect(bff.keys).toBeGreaterThanOrEqual(2));
    expect(screen.getAllByText(messages.startup.failure)).toHaveLength(1);

    bff.up = true;
    // No click, no reload: the next scheduled attempt registers the device and the alert goes.
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull(), { timeout: STARTUP_RETRY_MS.max + 1_000 });
    expect(memoryStore.getState().startup).toBe('ready');
  }, 40_000);

  it('retries by itself, waiting longer after each failure, up to the ceiling', async () => {
    await flakyBff();
    const timeout = vi.spyOn(globalThis, 'setTimeout');
    const delays: number[] = [];
    for (let i = 0; i < 6; i++) {
      timeout.mockClear();
      await startTransport().catch(() => undefined);
      delays.push(...timeout.mock.calls.map(([, ms]) => Number(ms)).filter((ms) => ms >= STARTUP_RETRY_MS.first));
      expect(memoryStore.getState().startup).toBe('failed');
    }
    expect(delays).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });
});
