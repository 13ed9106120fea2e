// The CSV as Excel in pt-BR opens it: UTF-8 with a BOM, `;` between cells, CRLF, money 1.234,56, dates DD/MM/YYYY,
// and no cell Excel would run as a formula (OWASP "CSV injection": text starting = + - @ tab or CR gets a ').
import { stringify } from 'csv-stringify/sync';
import { formatBrasiliaDateTime } from '../../contracts/text.ts';
import type { ExportCell } from './kind.ts';

export const BOM = '\ufeff';
const OPTIONS = { delimiter: ';', record_delimiter: '\r\n', eof: true, quoted_match: /^\s|\s$/ } as const;

/** Text Excel would read as a formula, or as a command (DDE), gets a leading apostrophe. */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Centavos as 1.234,56 (always two decimals, a minus sign when negative). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${whole},${String(abs % 100).padStart(2, '0')}`;
}

/** '1234.5' → 123450 centavos, digit by digit (no floating point). */
export function centsOfText(value: string): number {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) throw new Error(`not a decimal amount: ${value}`);
  const [, sign, whole = '', fraction = ''] = match;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return sign === '-' ? -cents : cents;
}

export function formatCell(cell: ExportCell): string {
  if (cell === null) return '';
  if (typeof cell === 'string') return neutralise(cell);
  if (typeof cell === 'number') return String(cell).replace('.', ',');
  if ('brl' in cell) return formatCents(centsOfText(cell.brl));
  if ('cents' in cell) return formatCents(cell.cents);
  if ('date' in cell) return `${cell.date.slice(8, 10)}/${cell.date.slice(5, 7)}/${cell.date.slice(0, 4)}`;
  return formatBrasiliaDateTime(cell.dateTime);
}

/** Records as CSV lines (each ends with CRLF). */
export function csvLines(records: readonly (readonly ExportCell[])[]): string {
  if (records.length === 0) return '';
  return stringify(
    records.map((r) => r.map(formatCell)),
    OPTIONS,
  );
}

/** The file's first bytes: the BOM and the header row. */
export const csvHead = (header: readonly string[]) => BOM + csvLines([header]);
