import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../contracts/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { callApi } from '../../../lib/transport/index.ts';
import { accounts, companies, loginAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);

describe('company selection', () => {
  beforeEach(() => {
    api.mockReset();
    api.mockImplementation(async (name) => (name === 'companies' ? { companies } : accounts));
    useAppStore.getState().signOut();
    useAppStore.getState().signIn({ usuario: loginAnswer.usuario, login: 'maria.operadora', companies: [] });
  });

  it('requires a company before ACESSAR', async () => {
    renderApp('/choose/company');
    expect(await screen.findByRole('heading', { name: 'Escolha a empresa' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'ACESSAR' }));
    expect((await screen.findByRole('alert')).textContent).toBe('É obrigatório selecionar uma empresa para continuar.');
    expect(api).not.toHaveBeenCalledWith('accounts', expect.anything());
  });

  it('stores the chosen company and its accounts, then opens /home', async () => {
    const { router } = renderApp('/choose/company');
    const select = await screen.findByPlaceholderText(messages.company.placeholder);
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Beta Serviços S.A.' }));
    fireEvent.click(screen.getByRole('button', { name: 'ACESSAR' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(api).toHaveBeenCalledWith('accounts', {
      headers: { cnpj: '44555666000199', relationcode: 'REL-2', startaccount: '', direction: '' },
    });
    const state = useAppStore.getState();
    expect(state.company).toEqual({ name: 'Beta Serviços S.A.', cnpj: '44555666000199', relationCode: 'REL-2' });
    expect(state.relationship.accounts).toEqual(accounts);
    expect(state.relationship.numberPages).toEqual([{ page: 1 }, { page: 2 }, { page: 3 }]);
    expect(state.relationship.currentPage).toBe(1);
  });
});
