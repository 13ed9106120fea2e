import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../contracts/index.ts';
import { ApiError, callApi } from '../../../lib/transport/index.ts';
import { renderApp } from '../../../test/render.tsx';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);

const confirm = () => fireEvent.click(screen.getByRole('button', { name: 'CONFIRMAR' }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const alertText = async () => (await screen.findByRole('alert')).textContent;

describe('password recovery', () => {
  beforeEach(() => api.mockReset());

  it('walks the three steps with one CONFIRMAR button and every validation text', async () => {
    api.mockResolvedValue({ message: 'ok' });
    const { router } = renderApp('/forgot_password');
    await screen.findByLabelText(messages.login.user);
    expect(screen.queryByLabelText(messages.recoveryForm.code)).toBeNull();

    confirm();
    expect(await alertText()).toBe('O Campo usuário é obrigatório.');
    type(messages.login.user, 'Maria');
    confirm();
    await screen.findByLabelText(messages.recoveryForm.code);
    expect(api).toHaveBeenLastCalledWith('recoverPassword', { body: { login: 'maria' } });
    expect(screen.queryByLabelText(messages.recoveryForm.newPassword)).toBeNull();

    confirm();
    expect(await alertText()).toBe('Preencha todos os campos obrigatórios.');
    type(messages.recoveryForm.code, '123456');
    confirm();
    await screen.findByLabelText(messages.recoveryForm.newPassword);
    expect(api).toHaveBeenLastCalledWith('recoverPassword', { body: { login: 'maria', confirmacao: '123456' } });

    confirm();
    expect(await alertText()).toBe('Todos os campos precisam ser preenchidos!');
    type(messages.recoveryForm.newPassword, 'NovaSenha2024');
    type(messages.recoveryForm.confirmPassword, 'OutraSenha2024');
    confirm();
    expect(await alertText()).toBe('As senhas precisam ser iguais.');
    type(messages.recoveryForm.confirmPassword, 'NovaSenha2024');
    confirm();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api).toHaveBeenLastCalledWith('recoverPassword', {
      body: { login: 'maria', confirmacao: '123456', novaSenha: 'NovaSenha2024', confirmarNovaSenha: 'NovaSenha2024' },
    });
    expect(await screen.findByText('Senha alterada com sucesso!')).toBeTruthy();
  });

  it('names the failing step: user, code, then the password change', async () => {
    renderApp('/forgot_password');
    await screen.findByLabelText(messages.login.user);
    api.mockRejectedValueOnce(new ApiError(404, 'x', 'USER_NOT_FOUND'));
    type(messages.login.user, 'ninguem');
    confirm();
    expect(await alertText()).toBe('Usuário não encontrado!');

    api.mockResolvedValueOnce({ message: 'ok' });
    confirm();
    await screen.findByLabelText(messages.recoveryForm.code);
    api.mockRejectedValueOnce(new ApiError(400, 'x'));
    type(messages.recoveryForm.code, '000000');
    confirm();
    expect(await alertText()).toBe('Código de confirmação inválido!');

    api.mockResolvedValueOnce({ message: 'ok' });
    confirm();
    await screen.findByLabelText(messages.recoveryForm.newPassword);
    api.mockRejectedValueOnce(new ApiError(500, 'x'));
    type(messages.recoveryForm.newPassword, 'NovaSenha2024');
    type(messages.recoveryForm.confirmPassword, 'NovaSenha2024');
    confirm();
    expect(await alertText()).toBe('Ocorreu um erro ao alterar a senha.');
  });

  it('step 1: an unknown user is not found, a mail outage or the hourly limit says to wait', async () => {
    const cases = [
      [new ApiError(404, 'x', 'USER_NOT_FOUND'), 'Usuário não encontrado!'],
      [new ApiError(502, messages.proxy.upstream, 'UPSTREAM_UNAVAILABLE'), messages.recovery.sendFailure],
      [new ApiError(0, messages.proxy.upstream, 'NETWORK_ERROR'), messages.recovery.sendFailure],
      [new ApiError(429, messages.recovery.tooManyCodes, 'TOO_MANY_CODES'), messages.recovery.tooManyCodes],
    ] as const;
    for (const [error, text] of cases) {
      api.mockReset();
      api.mockRejectedValueOnce(error);
      const { unmount } = renderApp('/forgot_password');
      type(messages.login.user, 'maria');
      confirm();
      expect(await alertText()).toBe(text);
      expect(screen.queryByLabelText(messages.recoveryForm.code)).toBeNull();
      unmount();
    }
  });

  it('links back to the login', async () => {
    renderApp('/forgot_password');
    expect((await screen.findByRole('link', { name: messages.recoveryForm.backToLogin })).getAttribute('href')).toBe(
      '/',
    );
  });
});
