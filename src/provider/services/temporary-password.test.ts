import { describe, expect, it } from 'vitest';
import { newPassword } from '../../contracts/fields.ts';
import { temporaryPassword } from './temporary-password.ts';

describe('temporaryPassword', () => {
  it('always passes the rule new passwords must pass (12+ characters, letters and digits)', () => {
    // The old generator (base64url of 12 random bytes) missed a digit about once in 15 draws.
    const drawn = Array.from({ length: 20_000 }, () => temporaryPassword());
    const failing = drawn.filter((p) => !newPassword.safeParse(p).success);
    expect(failing).toEqual([]);
  });

  it('is 16 characters long, random, and uses only letters and digits (safe to read and type from an e-mail)', () => {
    const drawn = Array.from({ length: 2_000 }, () => temporaryPassword());
    for (const p of drawn) expect(p).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(new Set(drawn).size).toBe(drawn.length);
  });
});
