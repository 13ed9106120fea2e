// Spec section 4, "Start-up": environment prod -> GET /keys -> device registration (docs/transport.md).
import { Environment } from '../../../contracts/constants.ts';
import { platformMessages } from '../../../contracts/platform-messages.ts';
import {
  deriveSessionKey,
  importPublicKey,
  openJson,
  randomAlphanumeric,
  sealToPublicKey,
} from '../../../crypto/index.ts';
import { useAppStore } from '../store/app-store.ts';
import { memoryStore } from '../store/memory-store.ts';
import { ApiError, MISSING_KEY_CODE, STARTUP_FAILED_CODE, toApiError } from './api-error.ts';
import { bffHeaders, newRequestId, readJson, requestSignal, sealedPayload } from './wire.ts';

/**
 * After a failed start-up the portal tries again by itself, waiting longer each time (2 s, 4 s, 8 s … at most 30 s),
 * so it recovers once the BFF answers without hammering one that is struggling (docs/decisions/045).
 */
export const STARTUP_RETRY_MS = { first: 2_000, max: 30_000 } as const;

let sessionKey: CryptoKey | null = null;
let starting: Promise<void> | null = null;
let running = false;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

function cancelRetry(): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
}

function scheduleRetry(): void {
  cancelRetry();
  const delay = Math.min(STARTUP_RETRY_MS.first * 2 ** (failures - 1), STARTUP_RETRY_MS.max);
  retryTimer = setTimeout(() => {
    retryTimer = null;
    startTransport().catch(() => undefined);
  }, delay);
}

/** The AES-GCM key of the current device session, or null before registration. */
export const currentSessionKey = (): CryptoKey | null => sessionKey;

/** GET /keys: not encrypted; any failure is an empty result. */
export async function fetchPublicKey(): Promise<string | null> {
  try {
    const response = await fetch('/keys', { headers: bffHeaders(newRequestId()), signal: requestSignal() });
    if (!response.ok) return null;
    const body = (await readJson(response)) as { publicKey?: unknown } | null;
    return typeof body?.publicKey === 'string' && body.publicKey ? body.publicKey : null;
  } catch {
    return null;
  }
}

/** POST /devices: seals the registration to the server key and keeps the returned accessToken as authorization. */
export async function registerDevice(): Promise<void> {
  const publicKey = memoryStore.getState().crypto.public;
  if (!publicKey) throw new ApiError(0, platformMessages.startup.missingKey, MISSING_KEY_CODE);
  const serverKey = await importPublicKey(publicKey);

  const cipherAES = randomAlphanumeric();
  const tokenAES = randomAlphanumeric();
  const { FID } = memoryStore.getState();
  const device = useAppStore.getState().device;
  const requestId = newRequestId();
  const registration = {
    fid: FID,
    id: device.id,
    ip: '',
    sessionToken: tokenAES,
    sessionCipher: cipherAES,
    deviceName: device.name,
    latitude: 0,
    longitude: 0,
    accuracy: 0,
    fcmToken: '',
  };
  const box = await sealToPublicKey(serverKey, registration, requestId);

  memoryStore.setState({ authorization: null });
  const response = await fetch('/devices', {
    method: 'POST',
    headers: { ...bffHeaders(requestId), 'Content-Type': 'application/json' },
    body: JSON.stringify(box),
    signal: requestSignal(),
  });
  const body = await readJson(response);
  // A status above 300 is a failure; the error response is returned to the caller.
  if (response.status > 300) throw toApiError(response.status, body);

  const key = await deriveSessionKey({ cipherAES, tokenAES });
  const payload = sealedPayload(body);
  if (!payload) throw toApiError(response.status, body);
  const { accessToken } = await openJson<{ accessToken?: unknown }>(key, payload, requestId);
  if (typeof accessToken !== 'string' || !accessToken) throw toApiError(response.status, body);

  sessionKey = key;
  memoryStore.setState({ crypto: { public: publicKey, cipherAES, tokenAES }, authorization: accessToken });
}

/**
 * Runs the whole start-up; the status in the memory store drives the start-up alert. A failure schedules the next
 * attempt; while it runs the status stays 'failed', so the alert stays up until an attempt succeeds.
 */
export function startTransport(): Promise<void> {
  cancelRetry();
  running = true;
  const retrying = memoryStore.getState().startup === 'failed';
  memoryStore.setState({ environment: Environment.prod, startup: retrying ? 'failed' : 'pending' });
  const run = (async () => {
    const publicKey = await fetchPublicKey();
    memoryStore.setState((s) => ({ crypto: { ...s.crypto, public: publicKey } }));
    await registerDevice();
  })();
  starting = run.then(
    () => {
      running = false;
      failures = 0;
      memoryStore.setState({ startup: 'ready' });
    },
    (error: unknown) => {
      running = false;
      failures += 1;
      sessionKey = null;
      memoryStore.setState({ startup: 'failed' });
      scheduleRetry();
      throw error;
    },
  );
  return starting;
}

/** Runs the start-up unless one is running or done (a call may have started it already). */
export function startTransportOnce(): Promise<void> {
  return starting ?? startTransport();
}

/**
 * Waits for a running start-up, or starts again at once when the last one failed and none is running (a call does
 * not wait for the scheduled retry). A failure rejects with the start-up message.
 */
export async function ensureTransport(): Promise<CryptoKey> {
  if (!starting || (memoryStore.getState().startup === 'failed' && !running)) startTransport().catch(() => undefined);
  try {
    await starting;
  } catch {
    // reported below
  }
  if (!sessionKey) throw new ApiError(0, platformMessages.startup.failure, STARTUP_FAILED_CODE);
  return sessionKey;
}

/** The BFF no longer knows the device (restart, expiry): register again with a fresh key exchange. */
export async function reRegister(): Promise<CryptoKey> {
  sessionKey = null;
  starting = null;
  return ensureTransport();
}

/** Test helper: forgets the session so each test starts cold. */
export function resetTransport(): void {
  cancelRetry();
  sessionKey = null;
  starting = null;
  running = false;
  failures = 0;
}
