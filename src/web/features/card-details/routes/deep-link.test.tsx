// Every card screen has an address of its own (issue 27): /home/details/{uuid}[/screen] opens that card after a
// reload, in a new tab or from a shared link, reading it from the provider when the store has none (or another);
// the spec's paths keep working; each screen names its browser tab.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../lib/store/index.ts';
import { ApiError } from '../../../lib/transport/index.ts';
import { card, row, UUID } from '../../../test/card-fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { selectCard, warmRoutes } from '../../../test/setup-card.ts';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));

beforeAll(async () => {
  await warmRoutes();
  await import('./card-address.tsx');
}, 60_000);

const OTHER = '11111111-2222-4333-8444-555555555555';

/** A fresh tab: signed in with the company chosen, and no card in memory. */
function freshTab(answers: Parameters<typeof selectCard>[0] = {}) {
  const api = selectCard(answers);
  useAppStore.getState().setCurrentAccount(null);
  useAppStore.getState().setCurrentCard(null);
  useAppStore.setState({ selectedAccount: null });
  return api;
}

const summary = async () => within(await screen.findByRole('region', { name: 'Resumo do cartão' }));

describe("a card screen's own address", () => {
  it('reads the card it names from the provider when the store has none, and titles the tab', async () => {
    const api = freshTab();
    renderApp(`/home/details/${UUID}`);
    expect((await summary()).getByText('282.894.467-05')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('cardsOfAccount', { params: { uuid: UUID } });
    expect(useAppStore.getState().relationship.currentAccount?.uuid).toBe(UUID);
    await waitFor(() => expect(document.title).toBe('Detalhes do cartão · fidis'));
  });

  it('opens a sub-screen at its address, its tab titled and its menu links keeping the card', async () => {
    freshTab();
    renderApp(`/home/details/${UUID}/block`);
    await summary();
    await waitFor(() => expect(document.title).toBe('Bloqueio / Desbloqueio · Detalhes do cartão · fidis'));
    const [menu] = screen.getAllByRole('navigation', { name: 'Abas do cartão' });
    const current = within(menu as HTMLElement).getByRole('link', { name: 'Bloqueio / Desbloqueio' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.getAttribute('href')).toBe(`/home/details/${UUID}/block`);
    expect(
      within(menu as HTMLElement)
        .getByRole('link', { name: 'Transações' })
        .getAttribute('href'),
    ).toBe(`/home/details/${UUID}/history`);
  });

  it('shows the card the address names, not another one still in the store', async () => {
    const other = { ...card, uuid: OTHER, cardHolder: 'Outra Pessoa Guardada' };
    const api = selectCard({
      cardsOfAccount: (o: unknown) => {
        const uuid = (o as { params: { uuid: string } }).params.uuid;
        return { cardsResult: [uuid === OTHER ? other : card] };
      },
    });
    useAppStore.getState().setCurrentAccount({ ...row, uuid: OTHER, cardHolder: 'Outra Pessoa Guardada' });
    renderApp(`/home/details/${UUID}`);
    await waitFor(() => expect(useAppStore.getState().relationship.currentAccount?.uuid).toBe(UUID));
    expect(api).toHaveBeenCalledWith('cardsOfAccount', { params: { uuid: UUID } });
    expect(screen.queryByText('Outra Pessoa Guardada')).toBeNull();
  });

  it("says the holder was not found for a card the provider does not give, or another company's", async () => {
    freshTab({ cardsOfAccount: () => new ApiError(404, 'Cartão não encontrado.') });
    const first = renderApp(`/home/details/${UUID}`);
    expect(await screen.findByText('Dados do portador não encontrado!')).toBeTruthy();
    first.unmount();
    freshTab({ cardsOfAccount: { cardsResult: [{ ...card, relationCode: '999999' }] } });
    renderApp(`/home/details/${UUID}/limit`);
    expect(await screen.findByText('Dados do portador não encontrado!')).toBeTruthy();
    expect(useAppStore.getState().relationship.currentAccount).toBeNull();
  });

  it("keeps the spec's paths, and reads a segment that is not a card's id as the holder editor", async () => {
    selectCard();
    const spec = renderApp('/home/details/block');
    await summary();
    await waitFor(() => expect(document.title).toBe('Bloqueio / Desbloqueio · Detalhes do cartão · fidis'));
    spec.unmount();
    selectCard();
    renderApp('/home/details/qualquer/block');
    expect(await screen.findByRole('tab', { name: 'Dados Pessoais' })).toBeTruthy();
  });
});

describe('the tab titles of the other screens', () => {
  it('names the login screen', async () => {
    useAppStore.getState().signOut();
    renderApp('/');
    await screen.findByRole('button', { name: 'ENTRAR' });
    await waitFor(() => expect(document.title).toBe('Entrar · fidis'));
  });

  it('names the cards list', async () => {
    selectCard();
    renderApp('/home');
    await screen.findByRole('table', { name: 'Cartões da empresa' });
    await waitFor(() => expect(document.title).toBe('Cartões da empresa · fidis'));
  });
});
