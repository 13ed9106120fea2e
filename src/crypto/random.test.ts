import { v4, v7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { randomAlphanumeric, requestIdTime } from './random.ts';

describe('random strings and request ids', () => {
  it('draws alphanumeric strings of the asked length, all different', () => {
    const drawn = new Set(Array.from({ length: 200 }, () => randomAlphanumeric()));
    expect(drawn.size).toBe(200);
    for (const s of drawn) expect(s).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(randomAlphanumeric(12)).toHaveLength(12);
  });

  it('reads the time of a UUIDv7 and refuses other UUIDs', () => {
    const before = Date.now();
    const t = requestIdTime(v7());
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Date.now());
    expect(requestIdTime(v4())).toBeNull();
    expect(requestIdTime('not-a-uuid')).toBeNull();
  });
});
