// Money as integer centavos: numeric text from the database and numbers from the wire both become exact cents, so
// sums and comparisons never drift; reais only at the edges (JSON numbers, numeric columns, texts).

/** '1234.5', '-0.01', 1234.56 → centavos. Text is read digit by digit; a number is rounded to the cent. */
export function centsOf(value: string | number | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  if (typeof value === 'number') return Math.round(value * 100);
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) throw new Error(`not a decimal amount: ${value}`);
  const [, sign, whole = '', fraction = ''] = match;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return sign === '-' ? -cents : cents;
}

/** Centavos → reais as a JSON number (two decimals, exact for any realistic amount). */
export const reaisOf = (cents: number) => cents / 100;

/** Centavos → the text a numeric(15, 2) column takes. */
export const numericOf = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
/** 'R$ 1.234,56' with a plain space, as the screens write it. */
export const formatCents = (cents: number) => brl.format(cents / 100).replace(/\u00a0/g, ' ');
