import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../contracts/index.ts';
import { ApiError, callApi } from '../../../lib/transport/index.ts';
import { companies } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { setUpRouteTest } from '../../../test/route-test.ts';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);
const m = messages.bulk;
const company = companies[0]!;

type Sent = { headers: Record<string, string>; body: { kind: string; rows: { line: number; cells: string[] }[] } };
/** A key per row content: equal rows, equal keys, as the provider's sha256 gives. */
const keyOf = (cells: string[]) =>
  cells
    .join('|')
    .padEnd(64, '0')
    .slice(0, 64)
    .replace(/[^0-9a-f]/g, 'a');

const upload = (name: string, text: string, type = 'text/csv') => {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([text], name, { type })] } });
};
const limitsFile = (rows: string[]) => ['CPF;Final do cartão;Novo limite disponível', ...rows].join('\r\n');

describe('/home/bulk', { timeout: 30_000 }, () => {
  setUpRouteTest(api, () => import('./bulk.tsx'));

  it('checks a 150-row file in two calls, marks a row repeated across them, and counts valid and wrong rows', async () => {
    api.mockImplementation(async (name, options) => {
      const { body } = options as unknown as Sent;
      if (name !== 'bulkPreview') throw new Error(`unexpected ${name}`);
      return {
        rows: body.rows.map(({ line, cells }) =>
          cells[0] === 'bad'
            ? { line, key: null, result: 'ERRO', reason: 'CPF inválido' }
            : { line, key: keyOf(cells), result: 'OK', reason: null },
        ),
      };
    });
    const rows = Array.from({ length: 150 }, (_, i) => `${i === 5 ? 'bad' : `cpf${i}`};1234;10,00`);
    rows[120] = rows[0] as string;
    renderApp('/home/bulk');
    await screen.findByRole('heading', { level: 2, name: m.title }, { timeout: 10_000 });
    upload('lote.csv', limitsFile(rows));
    expect(await screen.findByTestId('bulk-counts', {}, { timeout: 10_000 })).toHaveProperty(
      'textContent',
      m.counts(148, 2),
    );
    const calls = api.mock.calls.map(([, o]) => (o as unknown as Sent).body.rows.length);
    expect(calls).toEqual([100, 50]);
    expect((api.mock.calls[0]![1] as unknown as Sent).headers).toEqual({
      cnpj: company.cnpj,
      relationcode: company.relationCode,
    });
    const table = screen.getByRole('table', { name: m.tableLabel });
    // A long table draws its first rows at once and the rest right after (ResponsiveTable).
    const repeated = (await within(table).findByText('Linha 122')).closest('tr') as HTMLElement;
    expect(within(repeated).getByText(m.reasons.duplicate(2))).toBeTruthy();
    expect(
      within(within(table).getByText('Linha 7').closest('tr') as HTMLElement).getByText('CPF inválido'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: m.previewTitle })).toBe(document.activeElement);
  });

  it('shows atual → novo for each limits row, flags every cut, and the confirmation names them with Voltar focused', async () => {
    // The provider tells each card's available limit now: 8.000,00 for the first two, 500,00 for the third.
    const currents: Record<string, number> = { cpf1: 8000, cpf2: 8000, cpf3: 500 };
    api.mockImplementation(async (name, options) => {
      const { body } = options as unknown as Sent;
      if (name !== 'bulkPreview') throw new Error(`unexpected ${name}`);
      return {
        rows: body.rows.map(({ line, cells }) => ({
          line,
          key: keyOf(cells),
          result: 'OK',
          reason: null,
          current: currents[cells[0] as string],
        })),
      };
    });
    renderApp('/home/bulk');
    await screen.findByRole('heading', { level: 2, name: m.title }, { timeout: 10_000 });
    upload('lote.csv', limitsFile(['cpf1;1234;2.900,50', 'cpf2;1234;8.000,00', 'cpf3;1234;1.000,00']));
    expect((await screen.findByTestId('bulk-cuts', {}, { timeout: 10_000 })).textContent).toBe(m.cutsCount(1));
    const table = screen.getByRole('table', { name: m.tableLabel });
    const row = (line: number) => within(table).getByText(`Linha ${line}`).closest('tr') as HTMLElement;
    expect(within(row(2)).getByText(/R\$\s8\.000,00 →/).textContent).toMatch(/^R\$\s8\.000,00 → R\$\s2\.900,50$/);
    expect(within(row(2)).getByText(m.cut)).toBeTruthy();
    expect(within(row(3)).queryByText(m.cut)).toBeNull();
    expect(within(row(4)).getByText(/R\$\s500,00 →/).textContent).toMatch(/^R\$\s500,00 → R\$\s1\.000,00$/);
    expect(within(row(4)).queryByText(m.cut)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: m.apply }));
    const dialog = await screen.findByRole('dialog', { name: m.confirmTitle });
    expect(within(dialog).getByText(m.confirmCuts(1))).toBeTruthy();
    const back = within(dialog).getByRole('button', { name: m.cancel });
    await waitFor(() => expect(document.activeElement).toBe(back));
    fireEvent.click(back);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.mock.calls.some(([n]) => n === 'bulkApply')).toBe(false);
  });

  it('refuses a file that is not CSV and one with another header, in pt-BR, without calling the provider', async () => {
    renderApp('/home/bulk');
    await screen.findByRole('heading', { level: 2, name: m.title }, { timeout: 10_000 });
    upload('lote.xlsx', 'PK', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect((await screen.findByRole('alert')).textContent).toBe(m.notCsv);
    upload('lote.csv', 'Nome;Valor\nAna;10');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(m.wrongHeader('CPF;Final do cartão;Novo limite disponível')),
    );
    expect(api).not.toHaveBeenCalled();
  });

  it('applies only the rows without error after the confirmation, and a call that fails keeps what was applied', async () => {
    let applyCalls = 0;
    api.mockImplementation(async (name, options) => {
      const { body } = options as unknown as Sent;
      if (name === 'bulkPreview') {
        return {
          rows: body.rows.map(({ line, cells }) =>
            cells[0] === 'bad'
              ? { line, key: null, result: 'ERRO', reason: 'CPF inválido' }
              : { line, key: keyOf(cells), result: 'OK', reason: null },
          ),
        };
      }
      applyCalls += 1;
      if (applyCalls === 2) throw new ApiError(502, 'fora do ar', 'UPSTREAM_UNAVAILABLE');
      return {
        rows: body.rows.map(({ line, cells }) => ({ line, key: keyOf(cells), result: 'APLICADA', reason: null })),
      };
    });
    const rows = Array.from({ length: 120 }, (_, i) => `${i === 0 ? 'bad' : `cpf${i}`};1234;10,00`);
    renderApp('/home/bulk');
    await screen.findByRole('heading', { level: 2, name: m.title }, { timeout: 10_000 });
    upload('lote.csv', limitsFile(rows));
    fireEvent.click(await screen.findByRole('button', { name: m.apply }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: m.confirmTitle });
    expect(within(dialog).getByText(m.confirmText(119, 0))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: m.confirm }));
    expect(await screen.findByRole('heading', { name: m.resultTitle }, { timeout: 10_000 })).toBeTruthy();
    const applySent = api.mock.calls
      .filter(([n]) => n === 'bulkApply')
      .map(([, o]) => (o as unknown as Sent).body.rows);
    expect(applySent.map((r) => r.length)).toEqual([100, 19]);
    expect(applySent[0]?.[0]?.line).toBe(3);
    expect(screen.getByRole('alert').textContent).toBe(m.stopped(100, 119));
    expect(screen.getByTestId('bulk-result-counts').textContent).toBe(m.resultCounts(100, 1, 0));
    const notSent = (await within(screen.getByRole('table', { name: m.tableLabel })).findByText('Linha 103')).closest(
      'tr',
    );
    expect(within(notSent as HTMLElement).getByText(m.notSent)).toBeTruthy();
  });
});
