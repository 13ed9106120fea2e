// /home/bulk, the spending controls kind (decision 136): chosen beside the others with its own hint and template, the
// dry run shows each row's controls atual → novo and its 30-day impact, and the apply sends the kind.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BULK_COLUMNS } from '../../../../contracts/bulk.ts';
import { messages } from '../../../../contracts/index.ts';
import { OPEN_CONTROLS } from '../../../../contracts/spending-controls.ts';
import { callApi } from '../../../lib/transport/index.ts';
import { renderApp } from '../../../test/render.tsx';
import { setUpRouteTest } from '../../../test/route-test.ts';
import { itemTexts } from '../../../test/texts.ts';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);
const m = messages.bulk;

type Sent = { body: { kind: string; rows: { line: number; cells: string[] }[] } };
const KEY = 'a'.repeat(64);
const file = [
  BULK_COLUMNS.controls.join(';'),
  '529.982.247-25;1234;Jogos e apostas;Sim;Sim;Não;200,00;;',
  '529.982.247-25;9999;;Sim;Sim;Sim;;;',
].join('\r\n');

describe('/home/bulk, spending controls', { timeout: 30_000 }, () => {
  setUpRouteTest(api, () => import('./bulk.tsx'));

  it('is chosen as a kind, and its dry run shows atual → novo and the 30-day impact per row before applying', async () => {
    api.mockImplementation(async (name, options) => {
      const { body } = options as unknown as Sent;
      if (name === 'bulkApply') {
        return { rows: body.rows.map(({ line }) => ({ line, key: KEY, result: 'APLICADA', reason: null })) };
      }
      return {
        rows: [
          {
            line: 2,
            key: KEY,
            result: 'OK',
            reason: null,
            controls: {
              before: { source: 'company', controls: { ...OPEN_CONTROLS, online: false } },
              after: {
                source: 'card',
                controls: { ...OPEN_CONTROLS, blockedGroups: ['apostas'], cashWithdrawal: false, maxPerPurchase: 200 },
              },
              impact: { approved: 14, wouldDecline: 3, byControl: [{ code: 'GROUP_BLOCKED', count: 3 }] },
            },
          },
          { line: 3, key: null, result: 'ERRO', reason: m.reasons.cardNotFound('9999') },
        ],
      };
    });
    renderApp('/home/bulk');
    await screen.findByRole('heading', { level: 2, name: m.title }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('radio', { name: m.kinds.controls }));
    expect(screen.getByText(m.kindHints.controls)).toBeTruthy();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([file], 'controles.csv', { type: 'text/csv' })] } });

    expect((await screen.findByTestId('bulk-counts', {}, { timeout: 10_000 })).textContent).toBe(m.counts(1, 1));
    const sent = api.mock.calls.find(([n]) => n === 'bulkPreview')?.[1] as unknown as Sent;
    expect(sent.body.kind).toBe('controls');
    const table = screen.getByRole('table', { name: m.tableLabel });
    expect(within(table).getByRole('columnheader', { name: m.columns.controlsChange })).toBeTruthy();
    const row = within(table).getByText('Linha 2').closest('tr') as HTMLElement;
    expect(itemTexts(row)).toEqual([
      'Controles: padrão da empresa → do cartão',
      'Categorias bloqueadas: nenhuma → Jogos e apostas',
      'Compras on-line: bloqueadas → permitidas',
      'Saques: permitidos → bloqueados',
      'Máximo por compra: sem limite → R$\u00a0200,00',
    ]);
    expect(within(row).getByText(m.controlsImpact(3, 14))).toBeTruthy();
    const refused = within(table).getByText('Linha 3').closest('tr') as HTMLElement;
    expect(within(refused).getByText(m.reasons.cardNotFound('9999'))).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: m.apply }));
    const dialog = await screen.findByRole('dialog', { name: m.confirmTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: m.confirm }));
    expect(await screen.findByRole('heading', { name: m.resultTitle }, { timeout: 10_000 })).toBeTruthy();
    const applied = api.mock.calls.filter(([n]) => n === 'bulkApply').map(([, o]) => (o as unknown as Sent).body);
    expect(applied).toEqual([{ kind: 'controls', rows: [{ line: 2, cells: file.split('\r\n')[1]?.split(';') }] }]);
    await waitFor(() => expect(screen.getByTestId('bulk-result-counts').textContent).toBe(m.resultCounts(1, 1, 0)));
  });
});
