// 'Redefinir verificação em duas etapas' on the users list (decision 091).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type EndpointName, messages, type PortalUser } from '../../../../contracts/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { callApi } from '../../../lib/transport/index.ts';
import { answerCalls, type Handlers } from '../../../test/api-handlers.ts';
import { companies } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);
const m = messages.secondFactor.ui;
const COMPANY = { name: 'Empresa Alfa Ltda', cnpj: '11222333000181', relationCode: 'REL-1' };

const base: PortalUser = {
  id: 'u-1',
  login: 'joana.reis',
  nomeUsuario: 'Joana Reis',
  email: 'joana@exemplo.com.br',
  numeroDocumento: '52998224725',
  ddi: 55,
  ddd: 11,
  numCelular: 912345678,
  status: 'ATIVO',
  perfis: ['GESTOR_CARTOES'],
  segundoFator: true,
};
const pedro: PortalUser = {
  ...base,
  id: 'u-2',
  login: 'pedro.alves',
  nomeUsuario: 'Pedro Alves',
  numeroDocumento: '11144477735',
  segundoFator: false,
};
const maria: PortalUser = {
  ...base,
  id: 'u-3',
  login: 'maria.operadora',
  nomeUsuario: 'Maria Operadora',
  numeroDocumento: '39053344705',
};

let handlers: Handlers;
const calls = (name: EndpointName) => api.mock.calls.filter(([n]) => n === name).map(([, o]) => o);

describe('Redefinir verificação em duas etapas', () => {
  beforeEach(() => {
    api.mockReset();
    handlers = { listUsers: () => ({ usuarios: [base, pedro, maria] }) };
    answerCalls(api, () => handlers);
    useAppStore.getState().signOut();
    useAppStore.getState().signIn({ usuario: 'Maria Operadora', login: 'maria.operadora', companies });
    useAppStore.getState().setCompany(COMPANY);
  });

  it('offered only on users who have a factor, never on the operator’s own row', async () => {
    renderApp('/home/user/management/manage');
    expect(await screen.findByRole('button', { name: `${m.reset} Joana Reis` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: `${m.reset} Pedro Alves` })).toBeNull();
    expect(screen.queryByRole('button', { name: `${m.reset} Maria Operadora` })).toBeNull();
  });

  it('states the consequence, resets with the chosen company’s cnpj and reads the list again', async () => {
    handlers.resetUserSecondFactor = () => ({ message: messages.secondFactor.reset });
    renderApp('/home/user/management/manage');
    fireEvent.click(await screen.findByRole('button', { name: `${m.reset} Joana Reis` }));
    const dialog = await screen.findByRole('dialog', { name: m.reset });
    expect(within(dialog).getByText(m.resetText)).toBeTruthy();
    expect(within(dialog).getByText('Joana Reis')).toBeTruthy();
    expect(calls('resetUserSecondFactor')).toEqual([]);
    handlers.listUsers = () => ({ usuarios: [{ ...base, segundoFator: false }, pedro, maria] });
    fireEvent.click(within(dialog).getByRole('button', { name: m.resetConfirm }));
    expect(await screen.findByText(messages.secondFactor.reset)).toBeTruthy();
    expect(calls('resetUserSecondFactor')).toEqual([
      { headers: { cnpj: COMPANY.cnpj }, params: { documentNumber: base.numeroDocumento } },
    ]);
    await waitFor(() => expect(calls('listUsers')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: `${m.reset} Joana Reis` })).toBeNull());
  });

  it('cancelling resets nothing', async () => {
    renderApp('/home/user/management/manage');
    fireEvent.click(await screen.findByRole('button', { name: `${m.reset} Joana Reis` }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: m.reset })).getByRole('button', { name: messages.users.cancel }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('resetUserSecondFactor')).toEqual([]);
  });
});
