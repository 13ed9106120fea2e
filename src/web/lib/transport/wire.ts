// What every call to the BFF carries, and how its answers are read.
import { v7 } from 'uuid';
import { useAppStore } from '../store/app-store.ts';
import { memoryStore } from '../store/memory-store.ts';

/** A fresh UUIDv7 per call: the BFF refuses repeats, and it is the AES-GCM additional data. */
export const newRequestId = (): string => v7();

/**
 * The outer headers of a call. No user token among them: the spec's `x-authentication` would carry it in the
 * clear beside the envelope, and the BFF never read it (decision 040); the operator's session is its cookie.
 */
export function bffHeaders(requestId: string): Record<string, string> {
  const { FID, environment, authorization } = memoryStore.getState();
  const headers: Record<string, string> = {
    'x-fid': FID,
    'x-device-id': useAppStore.getState().device.id,
    'x-env': environment,
    'x-request-id': requestId,
  };
  if (authorization) headers.Authorization = `Bearer ${authorization}`;
  return headers;
}

/** The JSON body of an answer, or null when it has none or it is not JSON. */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function sealedPayload(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const payload = (body as { payload?: unknown }).payload;
  return typeof payload === 'string' ? payload : null;
}

/**
 * How long the browser waits for any call (issue 27): past it the operator reads a clear message instead of a
 * spinner that turns for half a minute. 8 s, so that with the sealing and the screen around the call the operator
 * reads it within 10 s of pressing (measured up to 1.6 s around the call on a loaded machine). The BFF gives up on the provider a second earlier (bff/upstream.ts), so a slow
 * provider is said as the service's own 504 when it can be.
 */
export const REQUEST_TIMEOUT_MS = 8_000;

export const requestSignal = (): AbortSignal => AbortSignal.timeout(REQUEST_TIMEOUT_MS);

/** The browser stopped waiting (AbortSignal.timeout's TimeoutError). */
export const isTimeout = (error: unknown): boolean => error instanceof DOMException && error.name === 'TimeoutError';
