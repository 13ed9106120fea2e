import { describe, expect, it } from 'vitest';
import { isLineText, isNameText } from './free-text.ts';

describe('a name (the card request’s rule)', () => {
  it('takes letters with accents, spaces and &', () => {
    for (const v of ['Maria', 'João Ávila', 'Ñusta Ölund', 'Souza & Filhos', 'MARINA C ARAUJO']) {
      expect(isNameText(v), v).toBe(true);
    }
  });
  it('refuses digits, punctuation, markup, formulas and line breaks', () => {
    for (const v of [
      'Maria 2',
      'Ana.Paula',
      '<b>Ana</b>',
      '=1+1',
      '+Ana',
      '@Ana',
      '-Ana',
      'Ana\nPaula',
      'Ana\tPaula',
      '',
    ]) {
      expect(isNameText(v), JSON.stringify(v)).toBe(false);
    }
  });
});

describe('a line (addresses, descriptions, labels, company names)', () => {
  it('takes digits, commas, dots, dashes, slashes, brackets and a dash inside', () => {
    for (const v of ['Rua Dr. Arnaldo, 1.200 - bloco 3/B', 'Apto 31 (fundos)', 'Padaria Pão & Cia Ltda.', 'Nº 12']) {
      expect(isLineText(v), v).toBe(true);
    }
  });
  it('refuses markup, control characters and a formula’s first character', () => {
    for (const v of [
      '<img src=x>',
      'a > b',
      '=HYPERLINK("x")',
      '+55',
      '-1+1',
      '@SUM(A1)',
      'a\r\nb',
      'a\tb',
      'a\u2028b',
    ]) {
      expect(isLineText(v), JSON.stringify(v)).toBe(false);
    }
  });
});
