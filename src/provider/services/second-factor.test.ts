// The second factor's pure parts (decision 091): RFC 6238 codes and their time steps, and the recovery codes' shape.
// The database rules (replay, single use, tries) are tested through HTTP in routes/second-factor.test.ts.
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { factorCode, RECOVERY_CODE_PATTERN } from '../../contracts/second-factor.ts';
import { newRecoveryCode } from './recovery-codes.ts';
import { matchingStep, newTotpSecret, totpStep, totpUri } from './totp.ts';

const at = new Date('2026-03-02T12:00:10Z');
const codeAt = (secret: string, when: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: when.getTime(),
  });

describe('TOTP', () => {
  it('makes 160-bit base32 secrets, a new one each time', () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(a);
  });

  it('answers the step of a code of this step or the ones beside it, and null beyond', () => {
    const secret = newTotpSecret();
    const step = totpStep(at);
    expect(step).toBe(Math.floor(at.getTime() / 30_000));
    expect(matchingStep(secret, 'ana', codeAt(secret, at), at)).toBe(step);
    expect(matchingStep(secret, 'ana', codeAt(secret, new Date(at.getTime() - 30_000)), at)).toBe(step - 1);
    expect(matchingStep(secret, 'ana', codeAt(secret, new Date(at.getTime() + 30_000)), at)).toBe(step + 1);
    const farAway = codeAt(secret, new Date(at.getTime() + 90_000));
    const near = [-1, 0, 1].map((d) => codeAt(secret, new Date(at.getTime() + d * 30_000)));
    if (!near.includes(farAway)) expect(matchingStep(secret, 'ana', farAway, at)).toBeNull();
  });

  it('writes the otpauth URI the authenticator apps read: issuer fidis, label the login', () => {
    const secret = newTotpSecret();
    const uri = new URL(totpUri(secret, 'maria.souza'));
    expect(uri.href.startsWith('otpauth://totp/')).toBe(true);
    expect(decodeURIComponent(uri.pathname)).toBe('/fidis:maria.souza');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      issuer: 'fidis',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('recovery codes', () => {
  it('are XXXXX-XXXXX without 0, O, 1 or I, and differ', () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const code of codes) {
      expect(code).toMatch(RECOVERY_CODE_PATTERN);
      expect(code).not.toMatch(/[01OI]/);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('are read back whatever the case, spaces or dash the operator typed', () => {
    const code = newRecoveryCode();
    for (const typed of [code, code.toLowerCase(), code.replace('-', ''), ` ${code.replace('-', ' ')} `]) {
      expect(factorCode.parse(typed)).toBe(code);
    }
    expect(factorCode.parse('123 456')).toBe('123456');
  });
});
