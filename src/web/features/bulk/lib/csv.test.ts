import { describe, expect, it } from 'vitest';
import { BULK_MAX_FILE_ROWS } from '../../../../contracts/bulk.ts';
import { messages } from '../../../../contracts/index.ts';
import { looksLikeCsv, parseFile, templateCsv, toCsv } from './csv.ts';

const m = messages.bulk;

describe('the bulk CSV', () => {
  it('reads a template-shaped file: BOM, CRLF, quoted cells, blank lines skipped, line numbers kept', () => {
    const text =
      '\uFEFFCPF;Final do cartão;Novo limite disponível\r\n529.982.247-25;1234;"1.500,00"\r\n\r\n111.444.777-35;0042;900\r\n';
    expect(parseFile(text, 'limits')).toEqual({
      ok: true,
      rows: [
        { line: 2, cells: ['529.982.247-25', '1234', '1.500,00'] },
        { line: 4, cells: ['111.444.777-35', '0042', '900'] },
      ],
    });
  });

  it('drops control characters and cuts a cell at 300 characters, so any row fits one call', () => {
    const parsed = parseFile(
      `CPF;Final do cartão;Novo limite disponível\n1\u0000\u0007;${'9'.repeat(400)};3`,
      'limits',
    );
    expect(parsed).toEqual({ ok: true, rows: [{ line: 2, cells: ['1', '9'.repeat(300), '3'] }] });
  });

  it('takes the header without regard to case, accents or spaces', () => {
    expect(parseFile('cpf ; FINAL DO CARTAO;novo limite disponivel\n1;2;3', 'limits').ok).toBe(true);
    // Empty cells after the last column, as spreadsheets leave them, are no columns.
    expect(parseFile('CPF;Final do cartão;Novo limite disponível;;\n1;2;3;;', 'limits')).toEqual({
      ok: true,
      rows: [{ line: 2, cells: ['1', '2', '3', '', ''] }],
    });
  });

  it('refuses another kind’s header, a comma-separated file, an empty one and one over 1,000 rows, in pt-BR', () => {
    const expected = m.wrongHeader('CPF;Final do cartão;Novo limite disponível');
    expect(parseFile('CPF;Final do cartão;Motivo;Observação\n1;2;3;4', 'limits')).toEqual({
      ok: false,
      message: expected,
    });
    // A file made when the amount was the credit limit (before decision 102) is refused, not read the new way.
    expect(parseFile('CPF;Final do cartão;Novo limite\n1;2;3', 'limits')).toEqual({ ok: false, message: expected });
    expect(parseFile('CPF,Final do cartão,Novo limite disponível\n1,2,3', 'limits')).toEqual({
      ok: false,
      message: expected,
    });
    expect(parseFile('CPF;Final do cartão;Novo limite disponível\n\n', 'limits')).toEqual({
      ok: false,
      message: m.empty,
    });
    const big = `CPF;Final do cartão;Novo limite disponível\n${'1;2;3\n'.repeat(BULK_MAX_FILE_ROWS + 1)}`;
    expect(parseFile(big, 'limits')).toEqual({ ok: false, message: m.tooMany(BULK_MAX_FILE_ROWS) });
    expect(parseFile('CPF;Final do cartão;Novo limite disponível\n"aberto;1;2', 'limits')).toEqual({
      ok: false,
      message: m.unreadable,
    });
  });

  it('writes ; separated UTF-8 with a BOM, quoting what needs it and defusing formulas', () => {
    expect(
      toCsv([
        ['Linha', 'Motivo'],
        ['2', 'a;b "c"'],
        ['3', '=1+1'],
      ]),
    ).toBe('\uFEFFLinha;Motivo\r\n2;"a;b ""c"""\r\n3;\'=1+1\r\n');
    expect(templateCsv('limits')).toBe(
      '\uFEFFCPF;Final do cartão;Novo limite disponível\r\n529.982.247-25;1234;1.500,00\r\n',
    );
    // The template reads back as a valid file of its kind.
    for (const kind of ['limits', 'blocks', 'cards'] as const) expect(parseFile(templateCsv(kind), kind).ok).toBe(true);
  });

  it('tells a CSV by its name or type', () => {
    expect(looksLikeCsv({ name: 'lote.CSV', type: '' })).toBe(true);
    expect(looksLikeCsv({ name: 'lote', type: 'text/csv' })).toBe(true);
    expect(
      looksLikeCsv({ name: 'lote.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    ).toBe(false);
  });
});
