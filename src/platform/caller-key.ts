// The key a BFF proves itself to the provider with (issue 29, decision 129). Derived from the deployment's master key,
// which every BFF and provider already holds, so there is nothing more to distribute, and `npm run secrets:rotate`
// (a new master key) rotates it with everything else. A copy of the database does not hold it.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { MasterKey } from './master-key.ts';

export const CALLER_KEY_HEADER = 'x-fidis-bff-key';

export const callerKeyOf = (masterKey: MasterKey): string =>
  masterKey.derive('fidis bff caller key v1').toString('base64url');

/** Compared as digests of equal length, in constant time: the answer's timing says nothing of the key. */
export function callerKeyMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const digest = (v: string) => createHash('sha256').update(v, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(given));
}
