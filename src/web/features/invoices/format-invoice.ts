// How the invoice screen writes dates and values: day/month/year options, the invoice month, a dash for a gap.
import { formatBRL } from '../../ui/format.ts';

/** What the screen shows for a value the answer does not carry. */
export const MISSING = '—';

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (the due-date options, spec section 2). */
export function dueDateLabel(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

const monthYear = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * 'YYYY-MM-DD' → 'março de 2026': the month and year of the invoice that is due on that date. Lowercase, as pt-BR
 * writes months inside a sentence ("Fatura de março de 2026"; decision 135).
 */
export function invoiceMonth(iso: string): string {
  const [year, month] = iso.split('-').map(Number);
  return monthYear.format(new Date(Date.UTC(year as number, (month as number) - 1, 1)));
}

/** R$ 1.234,56, or the dash when the value is not there. */
export const money = (value: number | null | undefined) =>
  value === null || value === undefined || Number.isNaN(value) ? MISSING : formatBRL(value);
