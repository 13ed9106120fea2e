// Display formats shared by the screens: CPF, money (pt-BR via Intl), masked card digits.
import { formatCpf } from '@brazilian-utils/brazilian-utils';
// Not through the contracts' index: fields.ts would bring zod to every screen that shows a CPF.
import { isMaskedCpf } from '../../contracts/masked-cpf.ts';
import { onlyDigits } from '../../contracts/text.ts';

export { onlyDigits };

/** The holder CPF as the list shows it: left-padded with one 0 when it has 10 digits or fewer (spec section 3). */
export function holderCpf(documentNumber: string): string {
  const digits = onlyDigits(documentNumber);
  return digits.length <= 10 ? `0${digits}` : digits;
}

/** 000.000.000-00, after the padding rule above; a CPF the provider masked (000.***.***-00, decision 090) as it is. */
export const formatHolderCpf = (documentNumber: string) =>
  isMaskedCpf(documentNumber) ? documentNumber : formatCpf(holderCpf(documentNumber));

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
/** R$ 1.234,56 */
export const formatBRL = (value: number) => brl.format(value).replace(/\u00a0/g, ' ');

const CURRENCIES: Record<number, string> = { 986: 'BRL', 840: 'USD', 978: 'EUR' };
/** A value in the currency of its code (986 R$, 840 US$, 978 euro); unknown codes fall back to reais. */
export function formatCurrency(value: number, coinCode: number): string {
  const currency = CURRENCIES[coinCode] ?? 'BRL';
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency }).format(value).replace(/\u00a0/g, ' ');
}

/** •••• 1234 */
export const maskedLast4 = (last4: string) => `•••• ${last4}`;

/** 00000-000 */
export function formatCep(value: string): string {
  const d = onlyDigits(value).slice(0, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}
