// The step-up dialog over a real screen (decision 091): deleting a user answered STEP_UP_REQUIRED opens
// 'Confirme sua identidade'; the screen itself knows nothing about it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type EndpointName, messages, type PortalUser } from '../../../../contracts/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { ApiError, callApi } from '../../../lib/transport/index.ts';
import { answerCalls, type Handlers } from '../../../test/api-handlers.ts';
import { companies } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);
const m = messages.secondFactor.ui;
const COMPANY = { name: 'Empresa Alfa Ltda', cnpj: '11222333000181', relationCode: 'REL-1' };

const pedro: PortalUser = {
  id: 'u-2',
  login: 'pedro.alves',
  nomeUsuario: 'Pedro Alves',
  email: 'pedro@exemplo.com.br',
  numeroDocumento: '11144477735',
  ddi: 55,
  ddd: 21,
  numCelular: 912345678,
  status: 'INATIVO',
  perfis: [],
  segundoFator: false,
};
const status = (cadastrado: boolean) => ({
  cadastrado,
  obrigatorio: false,
  cadastradoEm: cadastrado ? '2026-03-02T12:00:00.000Z' : null,
  codigosRecuperacaoRestantes: cadastrado ? 10 : 0,
});

let handlers: Handlers;
const calls = (name: EndpointName) => api.mock.calls.filter(([n]) => n === name).map(([, o]) => o);

/** Opens the users list and asks to delete Pedro: the first delete is refused for want of a fresh check. */
async function deleteAskingStepUp() {
  let first = true;
  handlers.deleteUser = () => {
    if (first) {
      first = false;
      throw new ApiError(403, messages.secondFactor.stepUpRequired, 'STEP_UP_REQUIRED');
    }
    return { mensagemRetorno: messages.users.deleted };
  };
  renderApp('/home/user/management/manage');
  fireEvent.click(await screen.findByRole('button', { name: `${messages.users.delete} ${pedro.nomeUsuario}` }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
  return screen.findByRole('dialog', { name: m.stepUpTitle });
}

describe('Confirme sua identidade', () => {
  beforeEach(() => {
    api.mockReset();
    handlers = { listUsers: () => ({ usuarios: [pedro] }), secondFactorStatus: () => status(false) };
    answerCalls(api, () => handlers);
    useAppStore.getState().signOut();
    useAppStore.getState().signIn({ usuario: 'Maria Operadora', login: 'maria.operadora', companies });
    useAppStore.getState().setCompany(COMPANY);
  });

  it('without a factor asks the password, then repeats the delete once and the screen goes on', async () => {
    handlers.stepUp = () => null;
    const dialog = await deleteAskingStepUp();
    const password = (await within(dialog).findByLabelText(m.passwordLabel)) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(within(dialog).queryByLabelText(new RegExp(`^${m.codeLabel}`))).toBeNull();
    fireEvent.change(password, { target: { value: 'minha senha' } });
    fireEvent.click(within(dialog).getByRole('button', { name: m.confirm }));
    expect(await screen.findByText(messages.users.deleted)).toBeTruthy();
    expect(calls('stepUp')).toEqual([{ body: { senha: 'minha senha' } }]);
    expect(calls('deleteUser')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: m.stepUpTitle })).toBeNull());
  });

  it('with a factor asks the code; a wrong one shows STEP_UP_FAILED in the dialog, the right one goes on', async () => {
    handlers.secondFactorStatus = () => status(true);
    handlers.stepUp = () => {
      throw new ApiError(400, messages.secondFactor.stepUpFailed, 'STEP_UP_FAILED');
    };
    const dialog = await deleteAskingStepUp();
    const code = (await within(dialog).findByLabelText(new RegExp(`^${m.codeLabel}`))) as HTMLInputElement;
    expect(within(dialog).queryByLabelText(m.passwordLabel)).toBeNull();
    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: m.confirm }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(messages.secondFactor.stepUpFailed);
    expect(code.value).toBe('');
    expect(calls('deleteUser')).toHaveLength(1);

    handlers.stepUp = () => null;
    fireEvent.change(code, { target: { value: '222222' } });
    fireEvent.click(within(dialog).getByRole('button', { name: m.confirm }));
    expect(await screen.findByText(messages.users.deleted)).toBeTruthy();
    expect(calls('stepUp')).toEqual([{ body: { codigo: '111111' } }, { body: { codigo: '222222' } }]);
    expect(calls('deleteUser')).toHaveLength(2);
  });

  it('takes a recovery code instead of the app’s', async () => {
    handlers.secondFactorStatus = () => status(true);
    handlers.stepUp = () => null;
    const dialog = await deleteAskingStepUp();
    fireEvent.click(await within(dialog).findByRole('button', { name: m.useRecovery }));
    fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${m.recoveryLabel}`)), {
      target: { value: 'abcdefghjk' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: m.confirm }));
    expect(await screen.findByText(messages.users.deleted)).toBeTruthy();
    expect(calls('stepUp')).toEqual([{ body: { codigo: 'ABCDE-FGHJK' } }]);
  });

  it('cancelled: the delete is not repeated and no failure is announced', async () => {
    const dialog = await deleteAskingStepUp();
    await within(dialog).findByLabelText(m.passwordLabel);
    fireEvent.click(within(dialog).getByRole('button', { name: m.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: m.stepUpTitle })).toBeNull());
    expect(calls('deleteUser')).toHaveLength(1);
    expect(calls('stepUp')).toEqual([]);
    expect(screen.queryByText(messages.users.deleteFailure)).toBeNull();
    expect(screen.queryByText(messages.users.deleted)).toBeNull();
    // The delete confirmation closes too (after the step-up dialog, so wait for it) and Pedro is still listed.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: `${messages.users.delete} ${pedro.nomeUsuario}` })).toBeTruthy();
  });
});
