import { describe, expect, it } from 'vitest';
import { SessionKeyCache } from './session-cache.ts';

const key = {} as CryptoKey;
const TOKEN = 'header.payload.signature';

describe('SessionKeyCache, verified tokens', () => {
  it('answers the entry for the verified token until the token expires', () => {
    const cache = new SessionKeyCache();
    const entry = cache.set('device', 'session', key, 1_000);
    cache.rememberVerifiedToken(entry, TOKEN, 5_000);
    expect(cache.getByVerifiedToken('device', TOKEN, 4_999)).toBe(entry);
    expect(cache.getByVerifiedToken('device', TOKEN, 5_000)).toBeUndefined();
  });

  it('does not answer for another token, another device, or an entry past its own expiry', () => {
    const cache = new SessionKeyCache(10, 60_000);
    const entry = cache.set('device', 'session', key, 0);
    cache.rememberVerifiedToken(entry, TOKEN, 10 * 60_000);
    expect(cache.getByVerifiedToken('device', `${TOKEN}x`, 1)).toBeUndefined();
    expect(cache.getByVerifiedToken('device', TOKEN.replace(/e$/, 'E'), 1)).toBeUndefined();
    expect(cache.getByVerifiedToken('other-device', TOKEN, 1)).toBeUndefined();
    expect(cache.getByVerifiedToken('device', TOKEN, 60_000)).toBeUndefined();
  });

  it('forgets the verified token when the session is replaced', () => {
    const cache = new SessionKeyCache();
    cache.rememberVerifiedToken(cache.set('device', 'old-session', key, 0), TOKEN, 1_000_000);
    cache.set('device', 'new-session', key, 1);
    expect(cache.getByVerifiedToken('device', TOKEN, 2)).toBeUndefined();
  });

  it('stays bounded, evicting the least recently used device', () => {
    const cache = new SessionKeyCache(2);
    cache.rememberVerifiedToken(cache.set('a', 's', key, 0), 'token-a', 1_000_000);
    cache.set('b', 's', key, 0);
    expect(cache.getByVerifiedToken('a', 'token-a', 1)).toBeDefined();
    cache.set('c', 's', key, 2);
    expect(cache.size).toBe(2);
    expect(cache.getByVerifiedToken('a', 'token-a', 3)).toBeDefined();
    expect(cache.get('b', 's', 3)).toBeUndefined();
  });
});
