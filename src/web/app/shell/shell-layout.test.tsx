import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contracts/index.ts';
import { useAppStore } from '../../lib/store/index.ts';
import { callApi } from '../../lib/transport/index.ts';
import { companies } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

vi.mock('../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);

const mainNav = () => screen.getAllByRole('navigation', { name: messages.menu.navigation })[0]!;
const current = (nav: HTMLElement) =>
  within(nav)
    .queryAllByRole('link')
    .filter((a) => a.getAttribute('aria-current') === 'page')
    .map((a) => a.textContent);

describe('shell', () => {
  beforeEach(() => {
    api.mockReset();
    api.mockResolvedValue({});
    useAppStore.getState().signOut();
    useAppStore.getState().signIn({ usuario: 'Maria Operadora', login: 'maria.operadora', companies });
    useAppStore.getState().setCompany({ name: 'Empresa Alfa Ltda', cnpj: '11222333000181', relationCode: 'REL-1' });
  });

  it('shows the company, the operator and the menu; the active item follows the path', async () => {
    const { router } = renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Cartões da empresa' });
    expect(screen.getAllByText('Você está na empresa:').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Empresa Alfa Ltda').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Operador:').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Maria Operadora').length).toBeGreaterThan(0);
    expect(current(mainNav())).toEqual(['Cartões da Empresa']);

    fireEvent.click(within(mainNav()).getByRole('link', { name: 'Faturas do Relacionamento' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/invoices'));
    await screen.findByRole('heading', { level: 1, name: 'Faturas do Relacionamento' });
    expect(current(mainNav())).toEqual(['Faturas do Relacionamento']);
  });

  it('opens with a skip link, the first control of the page, that moves focus to the screen and not the address', async () => {
    const { router } = renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Cartões da empresa' });
    const skip = screen.getByRole('link', { name: messages.shell.skipToContent });
    // What Tab reaches: a control taken out of the order (tabindex -1, such as the autosize measurement textarea an
    // earlier test file's form leaves in the shared document) is not the page's first stop.
    const focusable = [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex="0"]')].filter(
      (element) => element.getAttribute('tabindex') !== '-1',
    );
    expect(focusable[0]).toBe(skip);
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(router.state.location.pathname).toBe('/home');
    expect(router.state.location.hash).toBe('');
  });

  it('the user area has its sub-menu and tab menu on the current tab', async () => {
    renderApp('/home/user/management/manage');
    await screen.findByRole('heading', { level: 1, name: 'Gestão de Usuários' });
    expect(current(mainNav())).toEqual(['Gerenciar Usuários']);
    const tabs = screen.getByRole('navigation', { name: messages.menu.userTabs });
    expect(current(tabs)).toEqual(['Gerenciar Usuários']);
  });

  it('shows the card sub-menu when a card is selected', async () => {
    useAppStore.getState().setCurrentAccount({
      account: '7000000001',
      uuid: '0f8b7c1e-2d3a-4b5c-8d9e-0a1b2c3d4e5f',
      cardHolder: 'Renata Soares Teixeira',
      documentNumber: '28289446705',
      last4Digits: '5681',
      last4Digits2Way: null,
      cardStatus: 'active',
      cardBlockingCode: null,
      accountBlockingCodeTwo: null,
      accountWarningCode: null,
      logo: 1,
    });
    useAppStore.getState().setCurrentCard({ cardsResult: [{ status: 'Actived' }] });
    const { router } = renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Cartões da empresa' });
    expect(screen.getAllByRole('navigation', { name: messages.menu.cardMenu }).length).toBeGreaterThan(0);
    // On the card's own screens one navigation for the card: the tabs, not a second copy in the sidebar (issue 27).
    await router.navigate('/home/details/limit');
    await screen.findByRole('heading', { level: 2, name: 'Gestão de Limite' });
    expect(screen.queryAllByRole('navigation', { name: messages.menu.cardMenu })).toEqual([]);
    const tabs = screen.getAllByRole('navigation', { name: messages.menu.cardTabs });
    expect(tabs).toHaveLength(1);
    expect(current(tabs[0]!)).toEqual(['Gestão de Limite']);
  });

  it('names the company in the top bar, which every width shows (issue 27)', async () => {
    renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Cartões da empresa' });
    const header = screen.getByRole('banner');
    expect(within(header).getByTestId('header-company').textContent).toBe('Você está na empresa: Empresa Alfa Ltda');
  });

  it('the burger has an accessible name and opens the drawer with the menu and Sair', async () => {
    renderApp('/home');
    fireEvent.click(await screen.findByRole('button', { name: messages.menu.openMenu }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('link', { name: 'Solicitar Cartão' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Sair' })).toBeTruthy();
  });

  it("'Mudar empresa' goes to /choose/company", async () => {
    const { router } = renderApp('/home');
    fireEvent.click((await screen.findAllByRole('button', { name: 'Mudar empresa' }))[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/choose/company'));
  });

  it("'Sair' signs out to /", async () => {
    const { router } = renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Cartões da empresa' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Sair' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api).toHaveBeenCalledWith('logout');
    expect(useAppStore.getState().authenticate.signedIn).toBe(false);
    expect(useAppStore.getState().company).toBeNull();
  });
});
