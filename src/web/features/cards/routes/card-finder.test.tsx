// /home's search by name, CPF or last four digits, with a status filter (issue 27): what it sends after a pause,
// what it shows, how a row opens its card, and the status chip's reason.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardSearchResponse } from '../../../../contracts/card-search.ts';
import type { SubAccount } from '../../../../contracts/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { callApi } from '../../../lib/transport/index.ts';
import { card, row } from '../../../test/card-fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { warmRoutes } from '../../../test/setup-card.ts';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);

const hit = (n: number, over: Partial<SubAccount> = {}): SubAccount => ({
  ...row,
  account: String(7_100_000_000 + n),
  uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  cardHolder: `Joana Achada ${n}`,
  ...over,
});
const answer = (rows: SubAccount[], next: string | null = null): CardSearchResponse => ({ subAccounts: rows, next });
const searches = () =>
  api.mock.calls.filter(([name]) => name === 'cardSearch').map(([, o]) => (o as { query: object }).query);

beforeAll(warmRoutes, 60_000);

beforeEach(() => {
  api.mockReset();
  const store = useAppStore.getState();
  store.signOut();
  store.signIn({ usuario: 'Maria Operadora', login: 'maria.operadora', companies: [] });
  store.setCompany({ name: 'Transportadora Horizonte Ltda', cnpj: '11222333000181', relationCode: '000101' });
  store.setAccounts({ subAccounts: [row], totalSubAccounts: 1, meta: { totalRecords: 1 } });
});

const box = () => screen.findByRole('searchbox', { name: 'Buscar por nome, CPF ou final do cartão' });
const type = async (text: string) => fireEvent.change(await box(), { target: { value: text } });
const results = () => screen.findByRole('table', { name: 'Resultado da busca' });

describe('/home: the search by name, CPF or last four digits', () => {
  it("keeps the spec's CPF box and puts the search beside it", async () => {
    renderApp('/home');
    expect(((await box()) as HTMLInputElement).placeholder).toBe('Buscar por nome, CPF ou final do cartão');
    expect(screen.getByRole('textbox', { name: 'CPF do portador' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Consultar' })).toBeTruthy();
  });

  it('asks once the typing pauses, the name folded for the wire, and shows the rows in the same table', async () => {
    api.mockImplementation(async (name) => (name === 'cardSearch' ? answer([hit(1), hit(2)]) : {}));
    renderApp('/home');
    for (const text of ['J', 'Jo', 'Joã', "João D'Ávila"]) await type(text);
    const table = await results();
    expect(searches()).toEqual([{ q: 'Joao_D_Avila' }]);
    expect(api).toHaveBeenCalledWith('cardSearch', {
      headers: { cnpj: '11222333000181', relationcode: '000101' },
      query: { q: 'Joao_D_Avila' },
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Portador', 'CPF', 'Final do Cartão', 'Status', 'Ver Detalhes']);
    expect(within(table).getByText('Joana Achada 2')).toBeTruthy();
    expect(screen.getByText('Resultado da busca: 2 cartões encontrados')).toBeTruthy();
  });

  it('sends the status filter, alone or with a text, and loads the next page from the cursor', async () => {
    api.mockImplementation(async (name, options) => {
      if (name !== 'cardSearch') return {};
      const after = (options as { query: { after?: string } }).query.after;
      return after ? answer([hit(3)]) : answer([hit(1), hit(2)], '7100000002');
    });
    renderApp('/home');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Status' }), { target: { value: 'perda' } });
    await results();
    expect(searches()).toEqual([{ status: 'perda' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await within(await results()).findByText('Joana Achada 3');
    expect(searches()).toEqual([{ status: 'perda' }, { status: 'perda', after: '7100000002' }]);
    await type('4821');
    await waitFor(() => expect(searches().at(-1)).toEqual({ q: '4821', status: 'perda' }));
  });

  it('says what is wrong with a text it cannot send, and sends nothing', async () => {
    renderApp('/home');
    await type('maria <b>');
    expect(
      await screen.findByText('Use letras, números, espaços, ponto ou hífen na busca (até 40 caracteres).'),
    ).toBeTruthy();
    await type('123.456.789-0123');
    expect(await screen.findByText(/a busca tem dígitos demais/)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 400));
    expect(searches()).toEqual([]);
  });

  it('says when nothing was found, and goes back to the list', async () => {
    api.mockImplementation(async (name) => (name === 'cardSearch' ? answer([]) : {}));
    renderApp('/home');
    await type('zzz');
    expect(await screen.findByText('Nenhum cartão encontrado com estes critérios.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Limpar busca' }));
    expect(await screen.findByRole('table', { name: 'Cartões da empresa' })).toBeTruthy();
    expect(((await box()) as HTMLInputElement).value).toBe('');
  });

  it('shows the reason after Inativo, the spec word kept as it is', async () => {
    const lost = hit(1, { cardStatus: 'inactive', cardBlockingCode: 'P' });
    const cancelled = hit(2, { cardStatus: 'inactive', cardBlockingCode: 'O', accountStatusDescription: 'CANCELADA' });
    api.mockImplementation(async (name) => (name === 'cardSearch' ? answer([lost, cancelled, hit(3)]) : {}));
    renderApp('/home');
    await type('joana');
    const [first, second, third] = within(await results())
      .getAllByRole('row')
      .slice(1);
    expect(within(first as HTMLElement).getByText('Inativo')).toBeTruthy();
    expect(first?.textContent).toContain('Inativo · perda');
    expect(second?.textContent).toContain('Inativo · cancelada');
    expect(within(third as HTMLElement).getByText('Ativo')).toBeTruthy();
  });
});

describe('/home: a row opens its card', () => {
  beforeEach(() => {
    api.mockImplementation(async (name) => (name === 'cardsOfAccount' ? { cardsResult: [card] } : {}));
  });
  const firstRow = async () =>
    within(await screen.findByRole('table', { name: 'Cartões da empresa' })).getAllByRole('row')[1] as HTMLElement;

  it('on a click anywhere in it', async () => {
    const { router } = renderApp('/home');
    fireEvent.click(within(await firstRow()).getByText(row.cardHolder));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/home\/details/));
    expect(api).toHaveBeenCalledWith('cardsOfAccount', { params: { uuid: row.uuid } });
  });

  it('on Enter when the row has the focus, and not from a key on one of its buttons', async () => {
    const { router } = renderApp('/home');
    const tr = await firstRow();
    expect(tr.tabIndex).toBe(0);
    fireEvent.keyDown(within(tr).getByRole('button', { name: /^Detalhes/ }), { key: 'Enter' });
    fireEvent.keyDown(tr, { key: ' ' });
    expect(api).not.toHaveBeenCalledWith('cardsOfAccount', expect.anything());
    tr.focus();
    fireEvent.keyDown(tr, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/home\/details/));
  });
});
