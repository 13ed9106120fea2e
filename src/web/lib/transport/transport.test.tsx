// The transport against a fake BFF that runs the real src/crypto code on the other side of the wire.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FID, messages } from '../../../contracts/index.ts';
import { deriveSessionKey, openJson, openSealedBox, requestIdTime, sealJson, toBase64 } from '../../../crypto/index.ts';
import { renderApp } from '../../test/render.tsx';
import { useAppStore } from '../store/app-store.ts';
import { initialMemoryState, memoryStore } from '../store/memory-store.ts';
import { ApiError, NETWORK_ERROR_CODE, TIMEOUT_CODE, UNSEALED_ANSWER_CODE } from './api-error.ts';
import { callApi } from './call-api.ts';
import { resetTransport, startTransport, startTransportOnce } from './start-transport.ts';
import { setUnauthorizedHandler } from './unauthorized.ts';

interface Seen {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  credentials?: RequestCredentials;
}

type ProxyAnswer = (
  inner: Record<string, unknown>,
  call: number,
) => { status: number; body?: unknown; plain?: unknown };

const keyPair = crypto.subtle.generateKey(
  { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
  true,
  ['encrypt', 'decrypt'],
) as Promise<CryptoKeyPair>;

/** Plays the BFF: /keys, /devices (opens the sealed registration), /proxy (opens and seals). */
async function fakeBff(options: { keysStatus?: number; proxy?: ProxyAnswer } = {}) {
  const { publicKey, privateKey } = await keyPair;
  const spki = toBase64(new Uint8Array(await crypto.subtle.exportKey('spki', publicKey)));
  const seen: Seen[] = [];
  const registrations: Record<string, unknown>[] = [];
  const inners: Record<string, unknown>[] = [];
  let session: CryptoKey | null = null;
  let proxyCalls = 0;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  const fetchFn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const headers = { ...(init.headers as Record<string, string>) };
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    seen.push({ url, headers, body, credentials: init.credentials });
    const requestId = headers['x-request-id'] ?? '';
    if (url === '/keys') {
      const status = options.keysStatus ?? 200;
      return status === 200
        ? json(200, { publicKey: spki, algorithm: 'RSA-OAEP-256', keySize: 2048 })
        : json(status, {});
    }
    if (url === '/devices') {
      const registration = await openSealedBox<Record<string, string>>(privateKey, body, requestId);
      registrations.push(registration);
      session = await deriveSessionKey({
        cipherAES: registration.sessionCipher ?? '',
        tokenAES: registration.sessionToken ?? '',
      });
      return json(200, await sealJson(session, { accessToken: `device-jwt-${registrations.length}` }, requestId));
    }
    if (url === '/proxy') {
      if (!session) return json(401, { message: messages.proxy.unauthorized, code: 'UNKNOWN_DEVICE' });
      const inner = await openJson<Record<string, unknown>>(session, body.payload, requestId);
      inners.push(inner);
      const answer = options.proxy?.(inner, proxyCalls++) ?? { status: 200, body: { ok: true } };
      if (answer.plain !== undefined) return json(answer.status, answer.plain);
      return json(answer.status, await sealJson(session, answer.body ?? {}, requestId));
    }
    return json(404, {});
  });
  vi.stubGlobal('fetch', fetchFn);
  return { seen, registrations, inners, fetchFn, forgetDevice: () => (session = null) };
}

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('transport', () => {
  beforeEach(() => {
    resetTransport();
    memoryStore.setState(initialMemoryState());
    useAppStore.getState().signOut();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('starts: prod, GET /keys, then a registration sealed to the server key; keeps accessToken in memory', async () => {
    const bff = await fakeBff();
    await startTransport();
    const device = useAppStore.getState().device;
    expect(bff.seen.map((s) => s.url)).toEqual(['/keys', '/devices']);
    const registration = bff.seen[1]!;
    expect(registration.headers['x-fid']).toBe(FID);
    expect(registration.headers['x-device-id']).toBe(device.id);
    expect(registration.headers['x-env']).toBe('prod');
    expect(registration.headers['x-request-id']).toMatch(UUID_V7);
    expect(registration.body).toEqual({ key: expect.any(String), payload: expect.any(String) });
    expect(bff.registrations[0]).toMatchObject({
      fid: FID,
      id: device.id,
      deviceName: device.name,
      latitude: 0,
      longitude: 0,
      accuracy: 0,
      fcmToken: '',
    });
    expect(bff.registrations[0]?.sessionCipher).toMatch(/^[A-Za-z0-9]{32}$/);
    const memory = memoryStore.getState();
    expect(memory).toMatchObject({ environment: 'prod', authorization: 'device-jwt-1', startup: 'ready' });
    expect(localStorage.getItem('fidis') ?? '').not.toContain('device-jwt');
  });

  it('seals each call to /proxy with the BFF headers, a fresh UUIDv7 per call, and the inner request', async () => {
    const bff = await fakeBff({ proxy: () => ({ status: 200, body: { companies: [] } }) });
    useAppStore.getState().signIn({ usuario: 'Maria', login: 'maria.operadora', companies: [] });
    await expect(callApi('companies')).resolves.toEqual({ companies: [] });
    await callApi('accounts', {
      headers: { cnpj: '11222333000181', relationCode: 'R1', startAccount: '', direction: '' },
    });

    const proxied = bff.seen.filter((s) => s.url === '/proxy');
    expect(proxied).toHaveLength(2);
    for (const call of proxied) {
      expect(call.headers).toMatchObject({
        'x-fid': FID,
        'x-device-id': useAppStore.getState().device.id,
        'x-env': 'prod',
        Authorization: 'Bearer device-jwt-1',
      });
      // No user token outside the envelope, and none inside either: the BFF adds it from its cookie.
      expect(call.headers['x-authentication']).toBeUndefined();
      expect(call.credentials).toBe('same-origin');
      expect(call.headers['x-request-id']).toMatch(UUID_V7);
      expect(Math.abs((requestIdTime(call.headers['x-request-id']!) ?? 0) - Date.now())).toBeLessThan(60_000);
      expect(Object.keys(call.body as object)).toEqual(['payload']);
    }
    expect(proxied[0]!.headers['x-request-id']).not.toBe(proxied[1]!.headers['x-request-id']);
    expect(bff.inners[0]).toEqual({
      method: 'GET',
      url: 'https://api.fidis.com.br/v1/corporate/companies',
      headers: {
        environmentName: 'prd',
        systemName: 'fidis',
        'Content-Type': 'application/json',
        supplier: 'orbitall',
        org: '090',
      },
    });
    expect(bff.inners[1]?.headers).toMatchObject({ cnpj: '11222333000181', relationCode: 'R1', startAccount: '' });
  });

  it('an explicit token travels only inside the envelope, never in a clear header', async () => {
    const bff = await fakeBff();
    await callApi('firstAccess', {
      body: { login: 'maria', novaSenha: 'NovaSenha2026x', confirmarNovaSenha: 'NovaSenha2026x' },
      token: 'temporary-token',
    });
    const call = bff.seen.find((s) => s.url === '/proxy')!;
    expect(JSON.stringify(call.headers)).not.toContain('temporary-token');
    expect(JSON.stringify(call.body)).not.toContain('temporary-token');
    expect(bff.inners[0]?.headers).toMatchObject({ Authorization: 'Bearer temporary-token' });
  });

  it('sends the body of a POST as data, without the user headers before sign-in', async () => {
    const bff = await fakeBff();
    await callApi('login', { body: { login: 'maria', senha: 'x' } });
    const call = bff.seen.find((s) => s.url === '/proxy')!;
    expect(call.headers['x-authentication']).toBeUndefined();
    expect(bff.inners[0]).toMatchObject({ method: 'POST', data: { login: 'maria', senha: 'x' } });
    expect(bff.inners[0]?.headers).not.toHaveProperty('Authorization');
  });

  it('opens an error answer, then rejects with ApiError(status, message, code)', async () => {
    await fakeBff({
      proxy: () => ({ status: 401, body: { message: messages.login.failure, code: 'LOGIN_FAILED' } }),
    });
    const error = await callApi('login', { body: { login: 'maria', senha: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: messages.login.failure, code: 'LOGIN_FAILED' });
  });

  it('drops a code the errors table does not know, keeping it in the body', async () => {
    const body = { message: 'recusada', code: 'SOMETHING_ELSE' };
    await fakeBff({ proxy: () => ({ status: 409, body }) });
    const error = await callApi('companies').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'recusada', code: undefined, body });
  });

  it('rejects with a status-0 NETWORK_ERROR, not a TypeError, when the BFF cannot be reached', async () => {
    const bff = await fakeBff();
    await startTransport();
    bff.fetchFn.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await callApi('companies').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: NETWORK_ERROR_CODE, message: messages.proxy.upstream });
  });

  it('stops waiting after at most 10 s with a clear pt-BR message (TIMEOUT), not a spinner that never ends', async () => {
    const bff = await fakeBff();
    await startTransport();
    // The timer itself is the browser's: the test holds the signal it makes and fires it as the timer would.
    const timer = new AbortController();
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(timer.signal);
    bff.fetchFn.mockImplementationOnce(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const call = callApi('companies').catch((e: unknown) => e);
    await vi.waitFor(() => expect(timeout).toHaveBeenCalled());
    expect(timeout.mock.calls[0]?.[0]).toBeLessThanOrEqual(8_000);
    timer.abort(new DOMException('signal timed out', 'TimeoutError'));
    const error = await call;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: TIMEOUT_CODE, message: messages.proxy.timeout });
    expect(messages.proxy.timeout).toBe(
      'O serviço não respondeu em até 10 segundos. Verifique sua conexão e tente novamente.',
    );
  });

  it('a provider 401 on a signed-in call goes to the one unauthorized handler', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    await fakeBff({ proxy: () => ({ status: 401, body: { message: 'expirada', code: 'UNAUTHENTICATED' } }) });
    useAppStore.getState().signIn({ usuario: 'Maria', login: 'maria.operadora', companies: [] });
    await expect(callApi('companies')).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledTimes(1);
    setUnauthorizedHandler(() => undefined);
  });

  it('the start-up after the first paint registers once, also when a call has already started it', async () => {
    const bff = await fakeBff();
    const call = callApi('companies');
    await Promise.all([startTransportOnce(), startTransportOnce(), call]);
    await startTransportOnce();
    expect(bff.seen.map((s) => s.url)).toEqual(['/keys', '/devices', '/proxy']);
  });

  it('registers again once and retries when the BFF does not know the device', async () => {
    const bff = await fakeBff();
    await startTransport();
    bff.forgetDevice();
    await expect(callApi('companies')).resolves.toEqual({ ok: true });
    expect(bff.seen.map((s) => s.url)).toEqual(['/keys', '/devices', '/proxy', '/keys', '/devices', '/proxy']);
    expect(bff.seen[5]?.headers.Authorization).toBe('Bearer device-jwt-2');
  });

  // Decision 130: an answer to a sealed call is believed only sealed for that call.
  it('refuses a sealed answer that does not open: garbage, or sealed under another key', async () => {
    const other = await deriveSessionKey({ cipherAES: 'a'.repeat(32), tokenAES: 'b'.repeat(32) });
    const forged = await sealJson(other, { companies: [] }, '0190a8b2-8c1e-7d4a-9b3c-2f1e0d9c8b7a');
    for (const plain of [{ payload: 'abcd' }, forged]) {
      await fakeBff({ proxy: () => ({ status: 200, plain }) });
      const error = await callApi('companies').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 502, code: UNSEALED_ANSWER_CODE, message: messages.proxy.unsealed });
    }
  });

  it('refuses a success in the clear, and shows a clear refusal only by its code, in the contract’s words', async () => {
    await fakeBff({ proxy: () => ({ status: 200, plain: { companies: [{ corporateName: 'Falsa' }] } }) });
    await expect(callApi('companies')).rejects.toMatchObject({ code: UNSEALED_ANSWER_CODE });

    await fakeBff({
      proxy: () => ({ status: 413, plain: { code: 'BODY_TOO_LARGE', message: 'Ligue para 0800 000 0000' } }),
    });
    const large = await callApi('companies').catch((e: unknown) => e);
    expect(large).toMatchObject({ status: 413, code: 'BODY_TOO_LARGE', message: messages.proxy.tooLarge });

    await fakeBff({ proxy: () => ({ status: 403, plain: { code: 'INVENTADO', message: 'Ligue para 0800' } }) });
    await expect(callApi('companies')).rejects.toMatchObject({ code: UNSEALED_ANSWER_CODE });
  });

  it('rejects with E00001 when there is no server key (GET /keys answers 500), and the login shows the start-up alert', async () => {
    const bff = await fakeBff({ keysStatus: 500 });
    const error = await startTransport().catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Invalid key for encryption (E00001)', code: 'E00001' });
    expect(bff.seen.map((s) => s.url)).toEqual(['/keys']);
    expect(memoryStore.getState().startup).toBe('failed');

    renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Estamos passando por algumas instabilidades no momento, por favor tente acessar o fidis mais tarde.',
    );
  });
});
