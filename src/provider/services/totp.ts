// TOTP as RFC 6238 with otpauth (decision 091): a new secret, the otpauth:// URI the enrolment QR code draws, and the
// time step a typed code belongs to. The replay rule (a step must be newer than the last one accepted) is the
// caller's: it is kept in the database, in one conditional update (services/second-factor.ts).
import { Secret, TOTP as Totp } from 'otpauth';
import { TOTP } from '../../contracts/second-factor.ts';

/** A fresh 160-bit secret in base32 (32 characters), as authenticator apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

function totpOf(secret: string, login: string): Totp {
  return new Totp({
    issuer: TOTP.issuer,
    label: login,
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.period,
    secret: Secret.fromBase32(secret),
  });
}

/** The otpauth:// URI of the enrolment: issuer fidis, label the login. */
export const totpUri = (secret: string, login: string): string => totpOf(secret, login).toString();

/** The time step of an instant: the counter a code of that instant is computed from. */
export const totpStep = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP.period);

/**
 * The time step `code` was computed for, within ±1 step of `now`, or null when it matches none. Only the step is
 * answered: whether it was already used is decided by the stored last step.
 */
export function matchingStep(secret: string, login: string, code: string, now: Date): number | null {
  const delta = totpOf(secret, login).validate({ token: code, timestamp: now.getTime(), window: TOTP.window });
  return delta === null ? null : totpStep(now) + delta;
}
