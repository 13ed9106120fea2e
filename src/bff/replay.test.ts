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
    now = 3_000; // the second the ids expired in has ended
    expect(await guard.firstSeen('d3', 'r9', 4_000)).toBe(true);
    expect(guard.size).toBe(1);
  });

  it('sweeps only the ended seconds: a live id stays refused, an expired one is forgotten and may come again', async () => {
    let now = 10_000;
    const guard = new MemoryReplayGuard(() => now, 100, 0);
    expect(await guard.firstSeen('d', 'early', 10_500)).toBe(true);
    expect(await guard.firstSeen('d', 'same-second', 10_900)).toBe(true);
    expect(await guard.firstSeen('d', 'late', 20_000)).toBe(true);
    now = 10_700; // 'early' has expired, but its second has not ended: nothing is swept yet, and it reads as expired
    expect(await guard.firstSeen('d', 'early', 30_000)).toBe(true);
    expect(await guard.firstSeen('d', 'same-second', 10_900)).toBe(false);
    now = 11_000; // the second 10 has ended: 'same-second' goes; 'early' was recorded again and stays
    expect(await guard.firstSeen('d', 'other', 40_000)).toBe(true);
    expect(guard.size).toBe(3);
    expect(await guard.firstSeen('d', 'early', 30_000)).toBe(false);
    expect(await guard.firstSeen('d', 'late', 20_000)).toBe(false);
    now = 41_000;
    guard.sweep();
    expect(guard.size).toBe(0);
  });

  it('fails closed when full of live ids', async () => {
    const guard = new MemoryReplayGuard(() => 0, 2, 0);
    await guard.firstSeen('d', 'a', 10);
    await guard.firstSeen('d', 'b', 10);
    await expect(guard.firstSeen('d', 'c', 10)).rejects.toBeInstanceOf(ReplayCapacityError);
  });

  it('full of one device’s live ids, refuses that device only; others get in, replays stay refused', async () => {
    const guard = new MemoryReplayGuard(() => 0, 10, 0);
    for (let i = 0; i < 10; i++) expect(await guard.firstSeen('flooder', `f${i}`, 1_000)).toBe(true);
    await expect(guard.firstSeen('flooder', 'f10', 1_000)).rejects.toBeInstanceOf(ReplayCapacityError);
    expect(await guard.firstSeen('flooder', 'f3', 1_000)).toBe(false);
    for (const device of ['a', 'b', 'c']) {
      expect(await guard.firstSeen(device, 'r1', 1_000)).toBe(true);
      expect(await guard.firstSeen(device, 'r1', 1_000)).toBe(false);
    }
  });

  it('stays within twice its bound however many devices arrive while full, and empties as ids expire', async () => {
    let now = 0;
    const guard = new MemoryReplayGuard(() => now, 10, 0);
    for (let i = 0; i < 10; i++) await guard.firstSeen('flooder', `f${i}`, 1_000);
    let refused = 0;
    for (let d = 0; d < 50; d++) {
      for (let i = 0; i < 5; i++) {
        await guard.firstSeen(`device-${d}`, `r${i}`, 1_000).catch((err: unknown) => {
          expect(err).toBeInstanceOf(ReplayCapacityError);
          refused++;
        });
      }
      expect(guard.size).toBeLessThanOrEqual(20);
    }
    expect(refused).toBeGreaterThan(0);
    now = 2_000;
    guard.sweep();
    expect(guard.size).toBe(0);
    expect(await guard.firstSeen('flooder', 'f10', 3_000)).toBe(true);
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
