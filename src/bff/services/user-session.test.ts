// The sealed session cookie opens to its token for its own device until it expires, whether this instance opened it
// before (the answer is kept, issue 17) or not; the kept answer never outlives the cookie nor crosses devices.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { USER_SESSION_TTL_S, UserSessionSealer } from './user-session.ts';

const DEVICE = '0190a6e0-0000-7000-8000-00000000000a';
const OTHER = '0190a6e0-0000-7000-8000-00000000000b';

function sealerAt(start: number) {
  let now = start;
  const secret = randomBytes(32);
  return {
    sealer: new UserSessionSealer(secret, () => now),
    twin: new UserSessionSealer(secret, () => now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('UserSessionSealer', () => {
  it('opens to the token again and again, and never for another device, opened before or not', async () => {
    const { sealer, twin } = sealerAt(Date.UTC(2026, 10, 25, 12));
    const cookie = await sealer.seal(DEVICE, 'provider-token');
    expect(await sealer.open(cookie, OTHER)).toBeNull();
    expect(await sealer.open(cookie, DEVICE)).toBe('provider-token');
    expect(await sealer.open(cookie, DEVICE)).toBe('provider-token');
    expect(await sealer.open(cookie, OTHER)).toBeNull();
    // Another instance with the same secret opens it too (the kept answers are per instance, not needed to open).
    expect(await twin.open(cookie, DEVICE)).toBe('provider-token');
  });

  it('stops opening at its expiry, kept or not', async () => {
    const { sealer, twin, advance } = sealerAt(Date.UTC(2026, 10, 25, 12));
    const cookie = await sealer.seal(DEVICE, 'provider-token');
    expect(await sealer.open(cookie, DEVICE)).toBe('provider-token');
    advance(USER_SESSION_TTL_S * 1000 - 1_000);
    expect(await sealer.open(cookie, DEVICE)).toBe('provider-token');
    advance(1_000);
    expect(await sealer.open(cookie, DEVICE)).toBeNull();
    expect(await twin.open(cookie, DEVICE)).toBeNull();
  });

  it('opens nothing for a cookie changed anywhere, or sealed under another secret', async () => {
    const { sealer } = sealerAt(Date.UTC(2026, 10, 25, 12));
    const cookie = await sealer.seal(DEVICE, 'provider-token');
    expect(await sealer.open(cookie, DEVICE)).toBe('provider-token');
    for (const at of [5, Math.floor(cookie.length / 2), cookie.length - 3]) {
      const changed = `${cookie.slice(0, at)}${cookie[at] === 'A' ? 'B' : 'A'}${cookie.slice(at + 1)}`;
      expect(await sealer.open(changed, DEVICE)).toBeNull();
    }
    const foreign = await sealerAt(Date.UTC(2026, 10, 25, 12)).sealer.seal(DEVICE, 'provider-token');
    expect(await sealer.open(foreign, DEVICE)).toBeNull();
  });
});
