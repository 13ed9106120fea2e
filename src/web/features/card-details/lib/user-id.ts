import { holderCpf } from '../../../ui/format.ts';

/**
 * The password unlock's `userId` (spec: padded with zeros to 9 digits) is the card holder's CPF root: the nine
 * digits before the two check digits, as a number, zero-padded back to nine (a CPF stored without its leading
 * zeros keeps its root). The provider records it with the card event; the operator is known from the token.
 */
export function passwordUnlockUserId(documentNumber: string): string {
  const root = holderCpf(documentNumber).padStart(11, '0').slice(0, 9);
  return String(Number(root)).padStart(9, '0');
}
