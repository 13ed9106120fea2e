import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../contracts/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { ApiError, callApi } from '../../../lib/transport/index.ts';
import { loginAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);

async function fillAndSubmit(user: string, password: string) {
  fireEvent.change(await screen.findByLabelText(messages.login.user), { target: { value: user } });
  fireEvent.change(screen.getByLabelText(messages.login.password), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: messages.login.submit }));
}

describe('login screen', () => {
  beforeEach(() => {
    api.mockReset();
    useAppStore.getState().signOut();
  });

  it('has the labelled fields, ENTRAR and the recovery link', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: messages.login.title })).toBeTruthy();
    expect(screen.getByPlaceholderText(messages.login.userPlaceholder)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Esqueceu sua senha?' }).getAttribute('href')).toBe('/forgot_password');
  });

  it('asks for every field when one is empty', async () => {
    renderApp('/');
    await fillAndSubmit('maria', '');
    expect((await screen.findByRole('alert')).textContent).toBe('Preencha todos os campos');
    expect(api).not.toHaveBeenCalled();
  });

  it('lower-cases the login, stores the session and goes to /choose/company', async () => {
    api.mockImplementation(async (name) => (name === 'login' ? loginAnswer : { companies: loginAnswer.companies }));
    const { router } = renderApp('/');
    await fillAndSubmit('  Maria.Operadora ', 'segredo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/choose/company'));
    expect(api).toHaveBeenCalledWith('login', { body: { login: 'maria.operadora', senha: 'segredo' } });
    expect(useAppStore.getState().authenticate.signedIn).toBe(true);
    expect(useAppStore.getState().authenticate.user?.usuario).toBe('Maria Operadora');
  });

  it("shows the server's reason when the sign-in fails", async () => {
    api.mockRejectedValue(new ApiError(401, messages.login.failure, 'LOGIN_FAILED'));
    renderApp('/');
    await fillAndSubmit('maria', 'errada');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ocorreu um erro ao realizar o login, verifique os dados digitados!',
    );
    expect(useAppStore.getState().authenticate.signedIn).toBe(false);
  });

  it('tells a service outage or too many tries apart from wrong credentials', async () => {
    const cases = [
      [new ApiError(0, messages.proxy.upstream, 'NETWORK_ERROR'), messages.login.unavailable],
      [new ApiError(502, messages.proxy.upstream, 'UPSTREAM_UNAVAILABLE'), messages.login.unavailable],
      [new ApiError(429, messages.generic.tooMany, 'RATE_LIMITED'), messages.generic.tooMany],
      [
        new ApiError(403, messages.login.temporaryExpired, 'TEMPORARY_PASSWORD_EXPIRED'),
        messages.login.temporaryExpired,
      ],
      [new ApiError(401, 'qualquer', 'LOGIN_FAILED'), messages.login.failure],
    ] as const;
    for (const [error, text] of cases) {
      api.mockReset();
      api.mockRejectedValue(error);
      const { unmount } = renderApp('/');
      await fillAndSubmit('maria', 'segredo');
      expect((await screen.findByRole('alert')).textContent).toBe(text);
      unmount();
    }
    expect(messages.login.unavailable).not.toBe(messages.login.failure);
  });

  it('sends a first access to /first_access without opening the session', async () => {
    api.mockResolvedValue({ ...loginAnswer, primeiroAcesso: true, token: 'temp-token' });
    const { router } = renderApp('/');
    await fillAndSubmit('maria', 'temporaria');
    await waitFor(() => expect(router.state.location.pathname).toBe('/first_access'));
    expect(useAppStore.getState().authenticate.signedIn).toBe(false);
    expect((await screen.findByLabelText(messages.login.user)).getAttribute('value')).toBe('maria');
  });
});
