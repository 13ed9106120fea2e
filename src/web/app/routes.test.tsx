import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../contracts/index.ts';
import { useAppStore } from '../lib/store/index.ts';
import { callApi } from '../lib/transport/index.ts';
import { accounts, companies, loginAnswer } from '../test/fixtures.ts';
import { renderApp } from '../test/render.tsx';

vi.mock('../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);

function signInWithCompany() {
  useAppStore.getState().signIn({ usuario: loginAnswer.usuario, login: 'maria.operadora', companies });
  useAppStore.getState().setCompany({ name: 'Empresa Alfa Ltda', cnpj: '11222333000181', relationCode: 'REL-1' });
}

describe('protected routes', () => {
  beforeEach(() => {
    api.mockReset();
    api.mockImplementation(async (name) => {
      if (name === 'login') return loginAnswer;
      if (name === 'companies') return { companies };
      return accounts;
    });
    useAppStore.getState().signOut();
  });

  it('sends a signed-out visit to / and, after sign-in and company choice, back to its origin', async () => {
    const { router } = renderApp('/home/invoices');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));

    fireEvent.change(await screen.findByLabelText(messages.login.user), { target: { value: 'maria' } });
    fireEvent.change(screen.getByLabelText(messages.login.password), { target: { value: 'segredo' } });
    fireEvent.click(screen.getByRole('button', { name: 'ENTRAR' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/choose/company'));

    fireEvent.click(await screen.findByPlaceholderText(messages.company.placeholder));
    fireEvent.click(await screen.findByRole('option', { name: 'Empresa Alfa Ltda' }));
    fireEvent.click(screen.getByRole('button', { name: 'ACESSAR' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/invoices'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Faturas do Relacionamento' })).toBeTruthy();
  });

  it('protects /choose/company too', async () => {
    const { router } = renderApp('/choose/company');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('falls back: unknown paths go to / signed out, to /home signed in, and /home/* unknowns to /home', async () => {
    const first = renderApp('/nao/existe');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/'));
    first.unmount();

    signInWithCompany();
    const second = renderApp('/nao/existe');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/home'));
    second.unmount();

    const third = renderApp('/home/qualquer/coisa');
    await waitFor(() => expect(third.router.state.location.pathname).toBe('/home'));
  });

  it('/home/user/management is a prefix: a path below it stays in Gestão de Usuários, without the exact form', async () => {
    signInWithCompany();
    const { router } = renderApp('/home/user/management/x');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gestão de Usuários' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: messages.users.unknownPageTitle })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home/user/management/x');
    // The create form is the exact route's; neither tab is the page shown, and both take the operator on.
    expect(screen.queryByRole('heading', { level: 2, name: messages.users.createTitle })).toBeNull();
    const tabs = screen.getByRole('navigation', { name: messages.menu.userTabs });
    for (const name of ['Criar Usuário', 'Gerenciar Usuários']) {
      expect(within(tabs).getByRole('link', { name }).getAttribute('aria-current')).toBeNull();
    }
    fireEvent.click(within(tabs).getByRole('link', { name: 'Gerenciar Usuários' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/user/management/manage'));
  });

  it('opens every screen of the route table with its title', async () => {
    signInWithCompany();
    // The third column is the screen's own heading, where it has one besides the top bar's title.
    const cases: [string, string, string | null][] = [
      ['/home', 'Cartões da empresa', 'Cartões da empresa'],
      ['/home/details', 'Cartões da empresa', 'Dados do portador'],
      ['/home/details/block', 'Cartões da empresa', 'Bloqueio / Desbloqueio'],
      ['/home/details/request2nd', 'Cartões da empresa', 'Solicitar 2ª Via'],
      ['/home/details/unlock', 'Cartões da empresa', 'Desbloqueio de senha'],
      ['/home/details/limit', 'Cartões da empresa', 'Gestão de Limite'],
      ['/home/details/history', 'Cartões da empresa', 'Transações'],
      ['/home/details/cancel', 'Cartões da empresa', 'Cancelar conta cartão'],
      ['/home/details/outra', 'Cartões da empresa', 'Dados do portador'],
      ['/home/invoices', 'Faturas do Relacionamento', null],
      ['/home/requestcard', 'Solicitar Cartão', null],
      ['/home/user/management', 'Gestão de Usuários', 'Criar Usuário'],
      ['/home/user/management/manage', 'Gestão de Usuários', 'Gerenciar Usuários'],
      ['/home/company/management', 'Gestão da Empresa', 'Dados da empresa'],
    ];
    for (const [path, title, screenTitle] of cases) {
      const view = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      if (screenTitle) expect(await screen.findByRole('heading', { level: 2, name: screenTitle })).toBeTruthy();
      view.unmount();
    }
    // Fourteen screens, each loaded on demand: the suite's 15 s is one screen's budget, not fourteen on a loaded machine.
  }, 60_000);

  it('a provider 401 signs the operator out and goes to /', async () => {
    signInWithCompany();
    const { router } = renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Cartões da empresa' });
    const { handleUnauthorized } = await vi.importActual<typeof import('../lib/transport/unauthorized.ts')>(
      '../lib/transport/unauthorized.ts',
    );
    handleUnauthorized();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useAppStore.getState().authenticate.signedIn).toBe(false);
    expect(await screen.findByText(messages.generic.unauthenticated)).toBeTruthy();
  });
});
