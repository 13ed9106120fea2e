// A virtual card's number and CVV: the demo issuer's BIN, random digits from the system's CSPRNG, and the Luhn check
// digit the card networks require (fast-luhn judges each candidate).
import { randomInt } from 'node:crypto';
import luhn from 'fast-luhn';

/** Not a real BIN: the demo issuer's (a 5-series, as Mastercard's corporate ranges are). */
const BIN = '549167';

export function newPan(): string {
  let body = BIN;
  while (body.length < 15) body += String(randomInt(10));
  for (let check = 0; check < 10; check++) if (luhn(`${body}${check}`)) return `${body}${check}`;
  throw new Error('no Luhn check digit');
}

export const newCvv = () => String(randomInt(1000)).padStart(3, '0');
