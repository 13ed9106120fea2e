// Bulk changes, the spending controls kind (decision 136): a row's cells as an operator writes them, judged by the
// controls' own schema, with a pt-BR reason naming the column of a problem; the same controls are the same change.
import { describe, expect, it } from 'vitest';
import { BULK_EXAMPLES, parseRow, rowContent } from './bulk.ts';
import { messages } from './messages.ts';
import { OPEN_CONTROLS } from './spending-controls.ts';

const r = messages.bulk.reasons;
const CPF = '529.982.247-25';
const row = (...cells: string[]) => parseRow('controls', [CPF, '1234', ...cells], 'REL-1');

describe('a spending controls row', () => {
  it('reads the template’s example as the controls the card screen would save', () => {
    expect(parseRow('controls', BULK_EXAMPLES.controls, 'REL-1')).toEqual({
      ok: true,
      row: {
        kind: 'controls',
        cpf: '52998224725',
        last4: '1234',
        controls: {
          blockedGroups: ['saques', 'apostas'],
          international: false,
          online: true,
          cashWithdrawal: false,
          maxPerPurchase: 500,
          dailyLimit: 1000,
          monthlyLimit: null,
        },
      },
    });
  });

  it('takes group names or keys in any case and accent, Sim/Não in their forms, and blank as no limit', () => {
    const read = row('combustivel , FARMÁCIAS E SAÚDE', 'sim', 'N', 'Permitidos', 'R$ 1.500,00', 'sem limite', '');
    expect(read.ok && read.row.kind === 'controls' && read.row.controls).toEqual({
      ...OPEN_CONTROLS,
      blockedGroups: ['combustivel', 'saude'],
      online: false,
      maxPerPurchase: 1500,
    });
    const open = row('Nenhuma', 'Sim', 'Sim', 'Sim', '', '', '');
    expect(open.ok && open.row.kind === 'controls' && open.row.controls).toEqual(OPEN_CONTROLS);
  });

  it('reads “Padrão da empresa” with the other control cells blank as the card back on the company’s default', () => {
    for (const word of ['Padrão da empresa', 'padrao da empresa', 'PADRÃO']) {
      expect(row(word, '', '', '', '', '', '')).toEqual({
        ok: true,
        row: { kind: 'controls', cpf: '52998224725', last4: '1234', controls: null },
      });
    }
    expect(row('Padrão da empresa', '', '', '', '', '', '500,00')).toEqual({
      ok: false,
      reason: r.defaultAlone('Máximo por mês'),
    });
    const back = row('Padrão da empresa', '', '', '', '', '', '');
    const open = row('', 'Sim', 'Sim', 'Sim', '', '', '');
    expect(back.ok && open.ok && rowContent(back.row) !== rowContent(open.row)).toBe(true);
  });

  it('refuses a bad cell with a reason naming its column', () => {
    const cases: [string[], string][] = [
      [['Cassinos', 'Sim', 'Sim', 'Sim', '', '', ''], r.unknownGroup('Cassinos')],
      [['', 'Talvez', 'Sim', 'Sim', '', '', ''], r.yesOrNo('Compras internacionais')],
      [['', 'Sim', '', 'Sim', '', '', ''], r.required('Compras on-line')],
      [['', 'Sim', 'Sim', 'Sim', 'mil', '', ''], `Máximo por compra: ${r.invalidAmount}`],
      [['', 'Sim', 'Sim', 'Sim', '', '0,00', ''], `Máximo por dia: ${messages.spending.notPositive}`],
      [['', 'Sim', 'Sim', 'Sim', '', ''], r.columns(9, 8)],
    ];
    for (const [cells, reason] of cases) expect(row(...cells), cells.join(';')).toEqual({ ok: false, reason });
    expect(parseRow('controls', ['', '1234', '', 'Sim', 'Sim', 'Sim', '', '', ''], 'REL-1')).toEqual({
      ok: false,
      reason: r.required('CPF'),
    });
  });

  it('is the same change however its groups and amounts are spelled', () => {
    const a = row('Saques, Jogos e apostas', 'Não', 'Sim', 'Não', '1.500,00', '', '');
    const b = row('apostas,saques', 'nao', 'sim', 'n', '1500', 'sem limite', '');
    const c = row('apostas', 'nao', 'sim', 'n', '1500', '', '');
    if (!a.ok || !b.ok || !c.ok) throw new Error('rows refused');
    expect(rowContent(a.row)).toBe(rowContent(b.row));
    expect(rowContent(a.row)).not.toBe(rowContent(c.row));
  });
});
