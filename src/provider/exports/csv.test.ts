import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { BOM, centsOfText, csvHead, csvLines, formatCell, formatCents, neutralise } from './csv.ts';

describe('the CSV writer', () => {
  it('starts with the BOM, separates with `;` and ends records with CRLF', () => {
    const text =
      csvHead(['Conta', 'Portador']) +
      csvLines([
        ['1', 'ANA'],
        ['2', 'BIA; E CIA'],
      ]);
    expect(text.startsWith(BOM)).toBe(true);
    expect(text).toBe('\ufeffConta;Portador\r\n1;ANA\r\n2;"BIA; E CIA"\r\n');
  });

  it('writes money as 1.234,56 from text or centavos, exactly', () => {
    expect(formatCell({ brl: '1234.56' })).toBe('1.234,56');
    expect(formatCell({ brl: '1234567.8' })).toBe('1.234.567,80');
    expect(formatCell({ brl: '0.1' })).toBe('0,10');
    expect(formatCell({ brl: '-0.01' })).toBe('-0,01');
    expect(formatCell({ cents: -123456 })).toBe('-1.234,56');
    expect(formatCents(100000000)).toBe('1.000.000,00');
    expect(centsOfText('0.29') + centsOfText('0.01')).toBe(30);
  });

  it('writes dates as DD/MM/YYYY and instants in Brasília time', () => {
    expect(formatCell({ date: '2026-02-22' })).toBe('22/02/2026');
    expect(formatCell({ dateTime: new Date('2026-03-02T12:00:05Z') })).toBe('02/03/2026 09:00:05');
  });

  it('neutralises text Excel would run as a formula, and only text', () => {
    for (const evil of ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(neutralise(evil)).toBe(`'${evil}`);
    }
    expect(neutralise('ANA MARIA')).toBe('ANA MARIA');
    const [record] = parse(csvLines([['=cmd|"/c calc"!A1', { cents: -500 }, -3]]), { delimiter: ';' }) as string[][];
    expect(record).toEqual([`'=cmd|"/c calc"!A1`, '-5,00', '-3']);
  });

  it('writes nothing for no records, and an empty cell for null', () => {
    expect(csvLines([])).toBe('');
    expect(csvLines([[null, 'x']])).toBe(';x\r\n');
  });
});
