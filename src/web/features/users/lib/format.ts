// How the user list shows a document and a mobile number (spec section 2, user list).
import { formatCpf } from '@brazilian-utils/brazilian-utils';
import { onlyDigits } from '../../../../contracts/index.ts';

/** 000.000.000-00 */
export const formatDocument = (document: string) => formatCpf(onlyDigits(document).padStart(11, '0'));

/** A hyphen before the last 4 digits (spec section 5): 91234-5678. */
export function hyphenate(number: string | number): string {
  const d = onlyDigits(String(number));
  return d.length > 4 ? `${d.slice(0, -4)}-${d.slice(-4)}` : d;
}

/** The masks of the forms: IMask patterns where 0 is a digit. */
export const MASKS = {
  document: '000.000.000-00',
  /** Up to 10 digits, the hyphen before the last 4 once the number is complete. */
  mobile: [{ mask: '0000-0000' }, { mask: '00000-0000' }, { mask: '000000-0000' }],
} as const;

/** How many digits the DDI and DDD fields take when typed (spec section 5): the forms' limits differ. */
export const CODE_DIGITS = { create: 3, edit: 2 } as const;
