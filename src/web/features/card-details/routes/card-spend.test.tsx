// The card's history as the company's spend shows it (issue 27, decision 119): the same filters applied to the
// card's own authorizations, their totals, amounts signed as money moved, and the invoice lines' payments and credits
// apart from purchases.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { selectCard, warmRoutes } from '../../../test/setup-card.ts';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));

beforeAll(warmRoutes, 60_000);

const authorization = (n: number, descDrop: string, extra = {}) => ({
  tmsInclH: `2026-03-${String(n).padStart(2, '0')}T15:00:00.000Z`,
  numAuthorization: `A${n}`,
  establishmentName: `LOJA ${n}`,
  qtdParcel: 1,
  coinCode: 986,
  mainValue: 100 * n,
  valueBrl: 100 * n,
  descResponseTransaction: 'RESPOSTA',
  descDrop,
  transactionType: 'COMPRA A VISTA',
  ...extra,
});
const line = (abbreviationGroup: string, description: string, value: number) => ({
  abbreviationGroup,
  date: '20260210',
  numCard: '**** 5681',
  description,
  valueTransactionInternational: 0,
  valueTransactionNational: value,
  numParcelOf: '',
});

const history = {
  authorizationHistory: {
    authorizations: [
      authorization(1, 'NORMAL'),
      authorization(2, 'NEGADA'),
      authorization(3, 'NORMAL', { coinCode: 840, mainValue: 50, valueBrl: 270 }),
      authorization(4, 'CANCELADA'),
      authorization(5, 'NORMAL'),
    ],
  },
  invoiceDueDates: { listInvoiceDueDate: [{ invoiceDueDate: '2026-02-22' }] },
  invoiceTransactions: {
    transactions: [
      line('DEN', 'COMPRA PADARIA', 120),
      line('PGT', 'PAGAMENTO RECEBIDO', 50),
      line('CRE', 'ESTORNO', 10),
    ],
  },
};

const table = () => screen.findByRole('table', { name: 'Histórico de autorizações' });
const places = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1]?.textContent);

describe("the card's history with the spend's filters", () => {
  it('filters the card’s authorizations by status, origin and amount, with the filter’s totals', async () => {
    selectCard(history);
    renderApp('/home/details/history');
    expect(await places()).toEqual(['LOJA 5', 'LOJA 4', 'LOJA 3', 'LOJA 2', 'LOJA 1']);
    const totals = screen.getByRole('region', { name: 'Totais do filtro' });
    expect(totals.textContent).toContain('− R$ 870,00');
    const rows = within(await table()).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('− R$ 500,00');
    expect(rows[2]?.textContent).toContain('R$ 400,00 não debitado');
    expect(rows[3]?.textContent).toContain('− US$ 50,00');

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'APROVADA' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Valor mínimo (R$)' }), { target: { value: '20000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(async () => expect(await places()).toEqual(['LOJA 5', 'LOJA 3']));
    expect(screen.getByRole('region', { name: 'Totais do filtro' }).textContent).toContain('− R$ 770,00');

    fireEvent.change(screen.getByRole('combobox', { name: 'Origem' }), { target: { value: 'internacional' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(async () => expect(await places()).toEqual(['LOJA 3']));

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'NEGADA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('Nenhuma transação encontrada com estes filtros.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(async () => expect(await places()).toHaveLength(5));
  });

  it('shows the invoice’s payments and credits as money in, apart from purchases', async () => {
    selectCard(history);
    renderApp('/home/details/history');
    const tx = await screen.findByRole('table', { name: 'Transações das faturas' });
    const row = (text: string) => within(tx).getByText(text).closest('tr') as HTMLElement;
    expect(row('COMPRA PADARIA').textContent).toContain('− R$ 120,00');
    expect(row('PAGAMENTO RECEBIDO').textContent).toContain('+ R$ 50,00');
    expect(row('ESTORNO').textContent).toContain('+ R$ 10,00');
  });

  it('has one export control: the whole history without a filter, the filtered file once a filter is set', async () => {
    const api = selectCard(history);
    renderApp('/home/details/history');
    await table();
    // The group under the heading: its table is the named region (one landmark per name), the export sits above it.
    const heading = screen.getByRole('heading', { level: 3, name: 'Histórico de autorizações' });
    const section = within(heading.parentElement as HTMLElement);
    const exports = () => section.getAllByRole('button', { name: /^Exportar autorizações/ }).map((b) => b.textContent);
    expect(exports()).toEqual(['Exportar autorizações (CSV)']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'APROVADA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(exports()).toEqual(['Exportar autorizações filtradas (CSV)']));
    // The file holds what the table shows: without a period, from the history's first day (not the provider's
    // default of the last 30 days).
    fireEvent.click(section.getByRole('button', { name: 'Exportar autorizações filtradas (CSV)' }));
    await waitFor(() => expect(api).toHaveBeenCalledWith('exportTicket', expect.anything()));
    const ticket = api.mock.calls.find(([name]) => name === 'exportTicket')?.[1] as { body: { filters: object } };
    expect(ticket.body.filters).toMatchObject({ status: 'APROVADA', from: '2026-03-01' });
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(exports()).toEqual(['Exportar autorizações (CSV)']));
  });
});
