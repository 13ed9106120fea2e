// How long a temporary password signs in (decision 058): a weekend between the invitation and the first sign-in,
// not long enough for a forgotten mailbox to keep a working password.
export const TEMPORARY_PASSWORD_TTL_MS = 72 * 60 * 60 * 1000;

/** The expiry to store beside a temporary password issued at `issuedAt`. */
export function temporaryPasswordExpiry(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + TEMPORARY_PASSWORD_TTL_MS);
}
