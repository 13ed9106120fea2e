// /home/transactions, the company's spend (issue 27, decision 118): what it sends for each filter, the totals, the
// signed amounts, the keyset's "Carregar mais", a refusal with "Tentar novamente", and a row opening its card.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../contracts/messages.ts';
import type { SpendResponse, SpendRow } from '../../../../contracts/spend.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { callApi } from '../../../lib/transport/index.ts';
import { failsOnceThen } from '../../../test/api-handlers.ts';
import { row } from '../../../test/card-fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { setTestScreen } from '../../../test/screen.ts';
import { warmRoutes } from '../../../test/setup-card.ts';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);

const UUID = '00000000-0000-4000-8000-000000000042';
const purchase = (n: number, over: Partial<SpendRow> = {}): SpendRow => ({
  id: String(n),
  uuid: UUID,
  holder: 'Ana Gastadora Lima',
  last4: '0412',
  tmsInclH: `2026-02-${String(10 + n).padStart(2, '0')}T15:00:00.000Z`,
  numAuthorization: String(100_000 + n),
  establishmentName: `LOJA ${n}`,
  qtdParcel: 1,
  coinCode: 986,
  mainValue: 120,
  valueBrl: 120,
  descResponseTransaction: 'TRANSACAO APROVADA',
  descDrop: 'NORMAL',
  transactionType: 'COMPRA A VISTA',
  capturedOffline: false,
  passwordValidated: true,
  status: 'APROVADA',
  ...over,
});
const TOTALS = {
  count: 3,
  approved: { count: 2, cents: 66_000 },
  denied: { count: 1, cents: 30_000 },
  cancelled: { count: 0, cents: 0 },
};
const answer = (rows: SpendRow[], next: string | null = null, totals: SpendResponse['totals'] = TOTALS) =>
  ({ transactions: rows, totals, from: '2026-02-01', to: '2026-02-28', next }) satisfies SpendResponse;
const reads = () =>
  api.mock.calls.filter(([name]) => name === 'companyTransactions').map(([, o]) => (o as { query: object }).query);

beforeAll(warmRoutes, 60_000);

beforeEach(() => {
  api.mockReset();
  const store = useAppStore.getState();
  store.signOut();
  store.signIn({ usuario: 'Maria Operadora', login: 'maria.operadora', companies: [] });
  store.setCompany({ name: 'Transportadora Horizonte Ltda', cnpj: '11222333000181', relationCode: '000101' });
  store.setAccounts({ subAccounts: [row], totalSubAccounts: 1, meta: { totalRecords: 1 } });
});

const table = () => screen.findByRole('table', { name: 'Transações da empresa' });

describe('/home/transactions', () => {
  it('folds the card under its holder and the authorization under the establishment beside the sidebar at 1280 px', async () => {
    api.mockImplementation(async (name) => (name === 'companyTransactions' ? answer([purchase(1)]) : {}));
    renderApp('/home/transactions');
    const list = await table();
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Data', 'Portador', 'Estabelecimento', 'Valor', 'Status']);
    const [, line] = within(list).getAllByRole('row');
    const cells = within(line as HTMLElement).getAllByRole('cell');
    expect(cells[1]?.textContent).toMatch(/•+ ?\d{4}/);
    expect(cells[2]?.textContent).toMatch(/Autorização \d+ · Parcelas \d+/);
  });

  it('shows the totals and every row with its amount signed as money moved', async () => {
    // Wide enough for every column of the company's table.
    setTestScreen(1440);
    api.mockImplementation(async (name) =>
      name === 'companyTransactions'
        ? answer([
            purchase(1),
            purchase(2, { status: 'NEGADA', descDrop: 'NEGADA', mainValue: 300, valueBrl: 300 }),
            purchase(3, { coinCode: 840, mainValue: 100, valueBrl: 540, establishmentName: 'AMAZON.COM' }),
          ])
        : {},
    );
    renderApp('/home/transactions');
    const list = await table();
    expect(document.title).toBe('Transações da empresa · fidis');
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Data', 'Portador', 'Cartão', 'Estabelecimento', 'Autorização', 'Parcelas', 'Valor', 'Status']);
    const [, first, refused, abroad] = within(list).getAllByRole('row');
    expect(first?.textContent).toContain('− R$ 120,00');
    expect(refused?.textContent).toContain('R$ 300,00 não debitado');
    expect(refused?.textContent).not.toContain('−');
    expect(abroad?.textContent).toContain('− US$ 100,00');
    expect(abroad?.textContent).toContain('R$ 540,00');
    const totals = screen.getByRole('region', { name: 'Totais do filtro' });
    expect(totals.textContent).toContain('− R$ 660,00');
    expect(totals.textContent).toContain('2 aprovadas');
    expect(screen.getByText('3 transações mostradas')).toBeTruthy();
  });

  it('sends each filter as the provider reads it, and nothing while a filter is wrong', async () => {
    api.mockImplementation(async (name) => (name === 'companyTransactions' ? answer([purchase(1)]) : {}));
    renderApp('/home/transactions');
    await table();
    fireEvent.change(screen.getByRole('textbox', { name: 'Portador ou cartão' }), {
      target: { value: "João D'Ávila" },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'NEGADA' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Origem' }), { target: { value: 'internacional' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Valor mínimo (R$)' }), { target: { value: '50000' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Valor máximo (R$)' }), { target: { value: '10000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('O valor mínimo deve ser menor ou igual ao máximo.')).toBeTruthy();
    expect(reads()).toHaveLength(1);
    fireEvent.change(screen.getByRole('textbox', { name: 'Valor máximo (R$)' }), { target: { value: '100000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(reads()).toHaveLength(2));
    expect(reads()[1]).toMatchObject({
      q: 'Joao_D_Avila',
      status: 'NEGADA',
      region: 'internacional',
      min: '50000',
      max: '100000',
    });
    expect(reads()[1]).toHaveProperty('from');
    expect(reads()[1]).toHaveProperty('to');
  });

  it('takes the period typed as dd/mm/aaaa, sends it as ISO days, and keeps an impossible date as typed', async () => {
    api.mockImplementation(async (name) => (name === 'companyTransactions' ? answer([purchase(1)]) : {}));
    renderApp('/home/transactions');
    await table();
    const from = screen.getByRole('textbox', { name: 'De' }) as HTMLInputElement;
    const to = screen.getByRole('textbox', { name: 'Até' }) as HTMLInputElement;
    expect(from.value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    fireEvent.input(from, { target: { value: '29022026' } });
    expect(from.value).toBe('29/02/2026');
    fireEvent.input(to, { target: { value: '10032026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText(messages.dateField.invalid)).toBeTruthy();
    expect(from.value).toBe('29/02/2026');
    expect(reads()).toHaveLength(1);
    fireEvent.input(from, { target: { value: '28/02/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(reads()).toHaveLength(2));
    expect(reads()[1]).toMatchObject({ from: '2026-02-28', to: '2026-03-10' });
    expect(screen.queryByText(messages.dateField.invalid)).toBeNull();
  });

  it('loads the next page from the cursor and keeps the first page’s totals', async () => {
    api.mockImplementation(async (name, options) => {
      if (name !== 'companyTransactions') return {};
      const after = (options as { query: { after?: string } }).query.after;
      return after ? answer([purchase(3)], null, null) : answer([purchase(1), purchase(2)], '1770735600000000~2');
    });
    renderApp('/home/transactions');
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await within(await table()).findByText('LOJA 3');
    expect(reads()[1]).toMatchObject({ after: '1770735600000000~2' });
    expect(screen.getByRole('region', { name: 'Totais do filtro' }).textContent).toContain('− R$ 660,00');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('says why a read failed, and reads again on "Tentar novamente"', async () => {
    failsOnceThen(api, 'companyTransactions', () => answer([purchase(1)]));
    renderApp('/home/transactions');
    expect((await screen.findByRole('alert')).textContent).toBe('Não foi possível carregar as transações.');
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await table()).toBeTruthy();
  });

  it("opens the row's card at its history address", async () => {
    api.mockImplementation(async (name) => (name === 'companyTransactions' ? answer([purchase(1)]) : {}));
    renderApp('/home/transactions');
    const link = within(await table()).getByRole('link', { name: 'Ana Gastadora Lima' });
    expect(link.getAttribute('href')).toBe(`/home/details/${UUID}/history`);
  });
});
