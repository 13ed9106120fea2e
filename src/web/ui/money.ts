// Typed money (spec section 5): the digits typed are cents, shown with a comma before the last two digits.

/** Max characters of a typed money field (credit limit, spec section 5). */
export const MONEY_MAX_LENGTH = 15;

/** Eleven digits ('999.999.999,99', 14 characters) is the most that fits the 15-character field. */
const MAX_DIGITS = 11;

/** The digits of a typed value, without leading zeros, at most what fits the field. */
function typedDigits(typed: string): string {
  const digits = typed.replace(/\D/g, '').replace(/^0+/, '');
  return digits.slice(0, MAX_DIGITS);
}

/** '123456' → '1.234,56'; '5' → '0,05'; '' → ''. */
export function formatTypedMoney(typed: string): string {
  const digits = typedDigits(typed);
  if (!digits) return '';
  const padded = digits.padStart(3, '0');
  const integer = padded.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${integer},${padded.slice(-2)}`;
}

/** '1.234,56' → 1234.56; '' → null. */
export function parseTypedMoney(display: string): number | null {
  const digits = typedDigits(display);
  if (!digits) return null;
  return Number(digits) / 100;
}

/** 1234.5 → '1.234,50' (a number shown in the typed format, to prefill a field). */
export const moneyToTyped = (value: number) => formatTypedMoney(Math.round(value * 100).toString());
