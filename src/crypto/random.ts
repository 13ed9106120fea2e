// Random strings and request ids from the platform's CSPRNG.
import { RANDOM_STRING_LENGTH } from '../contracts/constants.ts';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Alphanumeric, uniformly drawn (rejection sampling, no modulo bias). */
export function randomAlphanumeric(length = RANDOM_STRING_LENGTH): string {
  let out = '';
  const limit = 256 - (256 % ALPHANUMERIC.length);
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (b < limit && out.length < length) out += ALPHANUMERIC[b % ALPHANUMERIC.length];
    }
  }
  return out;
}

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The time a UUIDv7 request id carries (ms since the epoch), or null when it is not a UUIDv7. */
export function requestIdTime(id: string): number | null {
  if (!UUID_V7.test(id)) return null;
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}
