import { describe, expect, it } from 'vitest';
import { MemoryReplayGuard, ReplayCapacityError } from './replay.ts';
import { SessionKeyCache } from './session-cache.ts';

describe('MemoryReplayGuard', () => {
  it('accepts an id once per scope, until it expires, and evicts expired entries', async () => {
    let now = 1_000;
    const guard = new MemoryReplayGuard(() => now, 10, 0);
    expect(await guard.firstSeen('d1', 'r1', 2_000)).toBe(true);
    expect(await guard.firstSeen('d1', 'r1', 2_000)).toBe(false);
    expect(await guard.firstSeen('d2', 'r1', 2_000)).toBe(true);
    now = 2_001;
    expect(await guard.firstSeen('d3', 'r9', 3_000)).toBe(true);
    expect(guard.size).toBe(1);
  });

  it('fails closed when full of live ids', async () => {
    const guard = new MemoryReplayGuard(() => 0, 2, 0);
    await guard.firstSeen('d', 'a', 10);
    await guard.firstSeen('d', 'b', 10);
    await expect(guard.firstSeen('d', 'c', 10)).rejects.toBeInstanceOf(ReplayCapacityError);
  });
});

describe('SessionKeyCache', () => {
  it('is bounded, expires entries and drops another session id', async () => {
    const key = {} as CryptoKey;
    const cache = new SessionKeyCache(2, 100);
    cache.set('a', 's1', key, 0);
    cache.set('b', 's1', key, 0);
    expect(cache.get('a', 's1', 10)).toBeDefined(); // a is now the most recent
    cache.set('c', 's1', key, 10);
    expect(cache.get('b', 's1', 10)).toBeUndefined();
    expect(cache.get('a', 's2', 10)).toBeUndefined();
    expect(cache.get('c', 's1', 200)).toBeUndefined();
  });
});
