import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../contracts/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { ApiError, callApi } from '../../../lib/transport/index.ts';
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

  describe('spec section 4: the chosen company changes only once its accounts have loaded', () => {
    const ALFA = { name: 'Empresa Alfa Ltda', cnpj: '11222333000181', relationCode: 'REL-1' };
    const alfaAccounts = { subAccounts: [], totalSubAccounts: 7, meta: { totalRecords: 7 } };

    function onAlfa() {
      useAppStore.getState().setCompany(ALFA);
      useAppStore.getState().setAccounts(alfaAccounts);
    }

    async function chooseBeta() {
      const view = renderApp('/choose/company');
      fireEvent.click(await screen.findByPlaceholderText(messages.company.placeholder));
      fireEvent.click(await screen.findByRole('option', { name: 'Beta Serviços S.A.' }));
      fireEvent.click(screen.getByRole('button', { name: 'ACESSAR' }));
      return view;
    }

    it('keeps the current company while the chosen one’s accounts load', async () => {
      onAlfa();
      let answer: (value: unknown) => void = () => {};
      api.mockImplementation(async (name) =>
        name === 'companies' ? { companies } : new Promise((resolve) => (answer = resolve)),
      );
      const { router } = await chooseBeta();
      await waitFor(() => expect(api).toHaveBeenCalledWith('accounts', expect.anything()));
      expect(useAppStore.getState().company).toEqual(ALFA);
      expect(useAppStore.getState().relationship.accounts).toEqual(alfaAccounts);
      answer(accounts);
      await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
      expect(useAppStore.getState().company?.name).toBe('Beta Serviços S.A.');
      expect(useAppStore.getState().relationship.accounts).toEqual(accounts);
    });

    it('a failed load keeps the previous company and its list, and says so', async () => {
      onAlfa();
      api.mockImplementation(async (name) => {
        if (name === 'companies') return { companies };
        throw new ApiError(502, 'Serviço indisponível no momento. Tente novamente em instantes.');
      });
      const { router } = await chooseBeta();
      // The reason is the notification's; the form says what the operator was left on.
      expect(
        await screen.findByText(messages.companyForm.loadFailedKept('Beta Serviços S.A.', 'Empresa Alfa Ltda')),
      ).toBeTruthy();
      expect(router.state.location.pathname).toBe('/choose/company');
      expect(useAppStore.getState().company).toEqual(ALFA);
      expect(useAppStore.getState().relationship.accounts).toEqual(alfaAccounts);
    });

    it('a failed first load leaves no company chosen, and says so', async () => {
      api.mockImplementation(async (name) => {
        if (name === 'companies') return { companies };
        throw new ApiError(502, 'Serviço indisponível no momento. Tente novamente em instantes.');
      });
      const { router } = await chooseBeta();
      expect(await screen.findByText(messages.companyForm.loadFailed('Beta Serviços S.A.'))).toBeTruthy();
      expect(router.state.location.pathname).toBe('/choose/company');
      expect(useAppStore.getState().company).toBeNull();
    });
  });
});
