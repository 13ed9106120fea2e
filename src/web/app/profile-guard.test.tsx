import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../contracts/index.ts';
import type { Profile } from '../../contracts/profiles.ts';
import { useAppStore } from '../lib/store/index.ts';
import { ApiError, callApi, STARTUP_FAILED_CODE, TIMEOUT_CODE } from '../lib/transport/index.ts';
import { accounts, companies } from '../test/fixtures.ts';
import { renderApp } from '../test/render.tsx';

vi.mock('../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);
const t = messages.profiles.ui;

function signInAs(perfil: Profile) {
  const store = useAppStore.getState();
  store.signOut();
  store.signIn({
    usuario: 'Maria Operadora',
    login: 'maria.operadora',
    companies: companies.map((c) => ({ ...c, perfil })),
  });
  store.setCompany({ name: 'Empresa Alfa Ltda', cnpj: '11222333000181', relationCode: 'REL-1' });
}

const sidebarItems = () =>
  Array.from(
    screen.getAllByRole('navigation', { name: messages.menu.navigation })[0]!.querySelectorAll('a'),
    (a) => a.textContent,
  );

describe('a page the profile may not open (issue 16)', () => {
  beforeEach(() => {
    api.mockReset();
    api.mockImplementation(async (name) => (name === 'listUsers' ? { usuarios: [] } : accounts));
  });

  it.each([
    ['CONSULTA', '/home/requestcard'],
    ['CONSULTA', '/home/bulk'],
    ['CONSULTA', '/home/user/management'],
    ['GESTOR_CARTOES', '/home/user/management/manage'],
  ] as [Profile, string][])('%s typing %s: a calm message and the way back, nothing asked', async (profile, path) => {
    signInAs(profile);
    const { router } = renderApp(path);
    expect(await screen.findByText(t.forbiddenPage, {}, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
    expect(api.mock.calls.map(([name]) => name)).not.toContain('listUsers');
    fireEvent.click(screen.getByRole('link', { name: t.forbiddenBack }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('Administrador opens the user management, and its menu item is there', async () => {
    signInAs('ADMINISTRADOR');
    renderApp('/home/user/management/manage');
    expect(
      await screen.findByRole('heading', { level: 2, name: messages.users.manageTitle }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByText(t.forbiddenPage)).toBeNull();
    expect(sidebarItems()).toContain(messages.menu.userManagement);
  });

  it('the sidebar of a Consulta operator has no item it could not open', async () => {
    signInAs('CONSULTA');
    renderApp('/home/invoices');
    await screen.findByRole('heading', { level: 1, name: 'Faturas do Relacionamento' }, { timeout: 10_000 });
    const items = sidebarItems();
    expect(items).toContain(messages.menu.invoices);
    for (const hidden of [messages.menu.requestCard, messages.bulk.menu, messages.menu.userManagement]) {
      expect(items).not.toContain(hidden);
    }
  });
});

describe("the operator's profile when the session's read fails (issue 27, decision 142)", () => {
  it('a read that times out says so once with "Tentar novamente", not an endless spinner; asking again opens the page', async () => {
    signInAs('ADMINISTRADOR');
    // After a reload: signed in, the operator and the profile not known until the session is read again.
    useAppStore.setState((s) => ({ authenticate: { ...s.authenticate, user: null } }));
    let hung = true;
    api.mockReset();
    api.mockImplementation(async (name) => {
      if (name === 'session') {
        if (hung) throw new ApiError(0, messages.proxy.timeout, TIMEOUT_CODE);
        return {
          usuario: 'Maria Operadora',
          login: 'maria.operadora',
          companies: companies.map((c) => ({ ...c, perfil: 'ADMINISTRADOR' })),
          segundoFator: 'NENHUM',
        };
      }
      return name === 'listUsers' ? { usuarios: [] } : accounts;
    });
    renderApp('/home/user/management/manage');
    const failure = await screen.findByTestId('session-failure', {}, { timeout: 10_000 });
    expect(failure.textContent).toContain('O serviço não respondeu em até 10 segundos.');
    expect(screen.getAllByText('O serviço não respondeu em até 10 segundos.', { exact: false })).toHaveLength(1);
    expect(screen.queryByRole('status', { name: /Carregando/ })).toBeNull();
    hung = false;
    fireEvent.click(within(failure).getByRole('button', { name: 'Tentar novamente' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: messages.users.manageTitle }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByTestId('session-failure')).toBeNull();
  });

  it('a read refused because the key exchange fails is left to the start-up alert: no second text', async () => {
    signInAs('ADMINISTRADOR');
    useAppStore.setState((s) => ({ authenticate: { ...s.authenticate, user: null } }));
    api.mockReset();
    api.mockImplementation(async () => {
      throw new ApiError(0, messages.startup.failure, STARTUP_FAILED_CODE);
    });
    renderApp('/home/user/management/manage');
    await waitFor(() => expect(api.mock.calls.map(([name]) => name)).toContain('session'));
    // The session's read has failed by now; the frame stays without a text of its own for it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId('session-failure')).toBeNull();
    expect(screen.queryByText(messages.startup.failure)).toBeNull();
  });
});
