// The radar's screens with the transport answered at the edge: the panel's counts as links, calm zeros and its
// failure; a list's rows, filter and bulk block (dismissed: nothing sent; confirmed: one call per card, each result).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RadarCard, RadarCardsResponse, RadarResponse } from '../../../contracts/radar.ts';
import { useAppStore } from '../../lib/store/index.ts';
import { ApiError, callApi } from '../../lib/transport/index.ts';
import { renderApp } from '../../test/render.tsx';
import { warmRoutes } from '../../test/setup-card.ts';
import { filterOnTheWire } from './lib/categories.ts';

vi.mock('../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);

const counts: RadarResponse = {
  counts: { 'lost-or-stolen': 3, 'password-blocked': 0, unused: 2, expiring: 1250, pending: 1 },
  asOf: '2026-11-24',
  unusedDays: 45,
  expiringDays: 60,
};

const cardOf = (i: number, over: Partial<RadarCard> = {}): RadarCard => ({
  account: String(7_000_000_000 + i),
  uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  cardHolder: `Portador ${i}`,
  documentNumber: `1234567890${i}`,
  last4Digits: String(1000 + i),
  last4Digits2Way: null,
  cardStatus: 'active',
  cardBlockingCode: null,
  accountBlockingCodeTwo: null,
  accountWarningCode: null,
  logo: 1,
  expiresOn: '2030-01-31',
  lastUseOn: i === 1 ? '2026-09-01' : null,
  requestedOn: null,
  ...over,
});

const unusedPage: RadarCardsResponse = { category: 'unused', cards: [cardOf(1), cardOf(2)], next: null };

function answer(overrides: Record<string, (options: unknown) => unknown> = {}) {
  api.mockImplementation(async (name, options) => {
    const own = overrides[name];
    if (own) {
      const value = own(options);
      if (value instanceof ApiError) throw value;
      return value;
    }
    if (name === 'radar') return counts;
    if (name === 'radarCards') return unusedPage;
    if (name === 'accounts') return { subAccounts: [], totalSubAccounts: 0, meta: { totalRecords: 0 } };
    return { message: 'ok' };
  });
}

const callsOf = (endpoint: string) => api.mock.calls.filter(([name]) => name === endpoint);

beforeAll(warmRoutes, 60_000);

beforeEach(() => {
  api.mockReset();
  const store = useAppStore.getState();
  store.signOut();
  store.signIn({ usuario: 'Maria Operadora', login: 'maria.operadora', companies: [] });
  store.setCompany({ name: 'Transportadora Horizonte Ltda', cnpj: '11222333000181', relationCode: '000101' });
  store.setAccounts({ subAccounts: [], totalSubAccounts: 0, meta: { totalRecords: 0 } });
});

describe('the radar panel on /home', () => {
  it('shows each count as a link to its list, a zero calmly, for the chosen company', async () => {
    answer();
    renderApp('/home');
    const panel = await screen.findByRole('region', { name: 'Cartões que pedem atenção' });
    const expiring = await within(panel).findByRole('link', { name: /^1\.250 Vencem em 60 dias/ });
    expect(expiring.getAttribute('href')).toBe('/home/radar/expiring');
    const locked = within(panel).getByRole('link', { name: /^0 Com senha bloqueada/ });
    expect(locked.textContent).toContain('Nada pendente');
    expect(within(panel).getAllByRole('link')).toHaveLength(5);
    const [, options] = callsOf('radar')[0] ?? [];
    expect((options as { headers: Record<string, string> }).headers).toEqual({
      cnpj: '11222333000181',
      relationcode: '000101',
    });
  });

  it('says it could not read the counts, and reads them again on request', async () => {
    let fail = true;
    answer({ radar: () => (fail ? new ApiError(503, 'Indisponível', 'BUSY') : counts) });
    renderApp('/home');
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' });
    expect(screen.getByText('Não foi possível carregar o radar agora.')).toBeTruthy();
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('link', { name: /^2 Sem uso há 45 dias/ })).toBeTruthy();
  });
});

describe('a radar list', () => {
  it('lists the cards with their last use, and filters as the wire allows (no accents, _ for spaces)', async () => {
    answer();
    renderApp('/home/radar/unused');
    expect(await screen.findByRole('heading', { level: 2, name: 'Sem uso há 45 dias' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Sem uso há 45 dias' });
    expect(within(table).getByText('01/09/2026')).toBeTruthy();
    expect(within(table).getByText('Nunca usado')).toBeTruthy();
    expect(await screen.findByText('2 cartões nesta lista')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Filtrar por nome, CPF ou final do cartão' }), {
      target: { value: 'João da Silva' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() =>
      expect(callsOf('radarCards').some(([, o]) => (o as { query: { filter?: string } }).query.filter)).toBe(true),
    );
    const filtered = callsOf('radarCards').find(([, o]) => (o as { query: { filter?: string } }).query.filter);
    expect((filtered?.[1] as { query: Record<string, string> } | undefined)?.query).toEqual({
      category: 'unused',
      filter: 'Joao_da_Silva',
    });
    expect(await screen.findByText('Resultado do filtro “João da Silva”')).toBeTruthy();
  });

  it('refuses a filter with symbols before sending it', async () => {
    answer();
    renderApp('/home/radar/unused');
    await screen.findByRole('table', { name: 'Sem uso há 45 dias' });
    const before = callsOf('radarCards').length;
    fireEvent.change(screen.getByRole('textbox', { name: 'Filtrar por nome, CPF ou final do cartão' }), {
      target: { value: "x' or 1=1" },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText(/^Use letras, números, espaços/)).toBeTruthy();
    expect(callsOf('radarCards')).toHaveLength(before);
  });

  it('bulk block: a dismissed confirmation sends nothing; a confirmed one blocks card by card and shows each result', async () => {
    answer({
      blockCard: (o) =>
        (o as { params: { uuid: string } }).params.uuid === cardOf(2).uuid
          ? new ApiError(409, 'O cartão já está bloqueado.', 'CARD_ALREADY_BLOCKED')
          : { message: 'Cartão desativado com sucesso!' },
    });
    renderApp('/home/radar/unused');
    const table = await screen.findByRole('table', { name: 'Sem uso há 45 dias' });
    const block = screen.getByRole('button', { name: 'Bloquear selecionados' });
    expect((block as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Selecionar o cartão de Portador 1' }));
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Selecionar o cartão de Portador 2' }));
    expect(screen.getByText('2 cartões selecionados')).toBeTruthy();

    fireEvent.click(block);
    const dialog = await screen.findByRole('dialog', { name: 'Bloquear cartões sem uso' });
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Cancelar' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf('blockCard')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Bloquear selecionados' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Bloquear' }));
    expect(await screen.findByText('1 cartão bloqueado; 1 recusado.')).toBeTruthy();
    expect(screen.getByText('O cartão já está bloqueado.')).toBeTruthy();
    expect(callsOf('blockCard').map(([, o]) => (o as { body: unknown }).body)).toEqual([
      {
        last4digits: '1001',
        blockingReason: 'BE',
        descriptionOccurrence: 'Bloqueio pelo radar: cartão sem uso há 45 dias.',
      },
      {
        last4digits: '1002',
        blockingReason: 'BE',
        descriptionOccurrence: 'Bloqueio pelo radar: cartão sem uso há 45 dias.',
      },
    ]);
  });

  it('an unknown list says so and leads back to the cards', async () => {
    answer();
    renderApp('/home/radar/tudo');
    expect(await screen.findByText('Esta lista do radar não existe.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar aos cartões' }).getAttribute('href')).toBe('/home');
  });
});

describe('filterOnTheWire', () => {
  it('keeps digits, dots and hyphens, drops accents and joins words with _', () => {
    expect(filterOnTheWire(' 123.456.789-09 ')).toBe('123.456.789-09');
    expect(filterOnTheWire('Ângela  Conceição')).toBe('Angela_Conceicao');
  });
});
