// Temporary passwords: mailed once, stored only as a hash, replaced at first access. They must pass the same rule
// as any new password (contracts/fields.ts `newPassword`), or an operator could not even type theirs back.
import { randomInt } from 'node:crypto';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALPHABET = LETTERS + DIGITS;
const LENGTH = 16;

/** 16 letters and digits (about 95 bits), at least one of each. */
export function temporaryPassword(): string {
  for (;;) {
    let password = '';
    for (let i = 0; i < LENGTH; i++) password += ALPHABET[randomInt(ALPHABET.length)];
    // Drawing again keeps every allowed password equally likely, unlike forcing a digit into a fixed place.
    if (/[A-Za-z]/.test(password) && /\d/.test(password)) return password;
  }
}
