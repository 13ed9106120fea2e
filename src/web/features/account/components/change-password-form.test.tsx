import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../contracts/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { ApiError, callApi } from '../../../lib/transport/index.ts';
import { companies } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);
const m = messages.passwordChange;

const CURRENT = 'SenhaAtual2025';
const NEW = 'MinhaSenhaNova2026';
const LABELS = { senhaAtual: m.currentPassword, novaSenha: 'Nova senha', confirmarNovaSenha: 'Confirmar nova senha' };

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: m.submit }));
const changeCalls = () => api.mock.calls.filter(([name]) => name === 'changePassword');

function fill(current = CURRENT, next = NEW, confirm = next) {
  type(LABELS.senhaAtual, current);
  type(LABELS.novaSenha, next);
  type(LABELS.confirmarNovaSenha, confirm);
}

async function openScreen() {
  const view = renderApp('/home/account/password');
  await screen.findByRole('heading', { level: 1, name: m.title }, { timeout: 10_000 });
  await screen.findByRole('button', { name: m.submit });
  return view;
}

describe('Alterar senha', () => {
  beforeEach(() => {
    api.mockReset();
    api.mockResolvedValue({});
    useAppStore.getState().signOut();
    useAppStore.getState().signIn({ usuario: 'Maria Operadora', login: 'maria.operadora', companies });
    useAppStore.getState().setCompany({ name: 'Empresa Alfa Ltda', cnpj: '11222333000181', relationCode: 'REL-1' });
  });

  it('opens from the operator block of the sidebar', async () => {
    const { router } = renderApp('/home');
    const sidebar = await screen.findByRole('complementary', { name: messages.menu.sidebar }, { timeout: 10_000 });
    fireEvent.click(within(sidebar).getByRole('link', { name: m.title }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/account/password'));
    await screen.findByRole('heading', { level: 1, name: m.title });
    await screen.findByRole('button', { name: m.submit });
    expect(within(sidebar).getByRole('link', { name: m.title }).getAttribute('aria-current')).toBe('page');
    for (const label of Object.values(LABELS)) expect(field(label).type).toBe('password');
  });

  it('shows the rule as a hint and labels the three fields for password managers', async () => {
    await openScreen();
    const hint = screen.getByText(m.newPasswordHint);
    expect(field(LABELS.novaSenha).getAttribute('aria-describedby')).toBe(hint.id);
    expect(field(LABELS.senhaAtual).autocomplete).toBe('current-password');
    expect(field(LABELS.novaSenha).autocomplete).toBe('new-password');
    expect(field(LABELS.confirmarNovaSenha).autocomplete).toBe('new-password');
  });

  it('says what is missing next to each field and takes the keyboard to the first one', async () => {
    await openScreen();
    submit();
    expect(await screen.findByText(m.currentRequired)).toBeTruthy();
    expect(screen.getByText(m.newRequired)).toBeTruthy();
    expect(screen.getByText(m.confirmRequired)).toBeTruthy();
    expect(field(LABELS.senhaAtual).getAttribute('aria-invalid')).toBe('true');
    // The error is read with the field; the new password's hint stays with it.
    const error = screen.getByText(m.currentRequired);
    expect(field(LABELS.senhaAtual).getAttribute('aria-describedby')).toBe(error.id);
    expect(field(LABELS.novaSenha).getAttribute('aria-describedby')?.split(/\s+/)).toHaveLength(2);
    expect(document.activeElement).toBe(field(LABELS.senhaAtual));
    expect(changeCalls()).toHaveLength(0);

    // Typing in a field clears its own message only.
    type(LABELS.senhaAtual, CURRENT);
    expect(screen.queryByText(m.currentRequired)).toBeNull();
    expect(screen.getByText(m.newRequired)).toBeTruthy();
  });

  it('applies the password rule of first access, and the new password must differ and be confirmed', async () => {
    await openScreen();
    const cases: [string, string, string][] = [
      ['Curta2026', 'Curta2026', 'A senha deve ter pelo menos 12 caracteres.'],
      ['somenteletrasaqui', 'somenteletrasaqui', 'A senha deve conter letras e números.'],
      ['123456789012345', '123456789012345', 'A senha deve conter letras e números.'],
      [CURRENT, CURRENT, 'A nova senha deve ser diferente da atual.'],
      [NEW, 'OutraSenhaNova2026', 'As senhas precisam ser iguais.'],
    ];
    for (const [next, confirm, message] of cases) {
      fill(CURRENT, next, confirm);
      submit();
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(document.activeElement).toBe(field(LABELS.confirmarNovaSenha));
    expect(changeCalls()).toHaveLength(0);
  });

  it('sends the three fields, shows the loading state, then the success and an empty form', async () => {
    let answer: (value: unknown) => void = () => undefined;
    api.mockImplementation((name) =>
      name === 'changePassword' ? new Promise((resolve) => (answer = resolve)) : Promise.resolve({}),
    );
    await openScreen();
    fill();
    submit();
    await waitFor(() => expect(changeCalls()).toHaveLength(1));
    expect(changeCalls()[0]).toEqual([
      'changePassword',
      { body: { senhaAtual: CURRENT, novaSenha: NEW, confirmarNovaSenha: NEW } },
    ]);
    const button = screen.getByRole('button', { name: m.submit });
    await waitFor(() => expect(button.hasAttribute('data-loading')).toBe(true));
    // A second press while waiting sends nothing more.
    fireEvent.click(button);
    expect(changeCalls()).toHaveLength(1);

    answer({ message: m.success });
    expect((await screen.findByRole('status')).textContent).toContain(m.successDetail);
    expect(screen.getAllByText(m.success).length).toBeGreaterThan(0);
    for (const label of Object.values(LABELS)) expect(field(label).value).toBe('');
  });

  it('puts the server refusals next to their field, or above the form, and keeps what was typed', async () => {
    await openScreen();
    const cases: [ApiError, string, string | null][] = [
      [new ApiError(400, m.wrongCurrent, 'WRONG_CURRENT_PASSWORD'), m.wrongCurrent, LABELS.senhaAtual],
      [new ApiError(400, m.samePassword, 'SAME_PASSWORD'), m.samePassword, LABELS.novaSenha],
      [new ApiError(429, m.tooManyTries, 'PASSWORD_TRIES_EXHAUSTED'), m.tooManyTries, null],
      [new ApiError(503, messages.generic.unexpected, 'UNEXPECTED'), messages.generic.unexpected, null],
      [new ApiError(400, '', 'INVALID_BODY'), messages.recovery.changeFailure, null],
    ];
    for (const [error, message, label] of cases) {
      api.mockRejectedValueOnce(error);
      fill();
      submit();
      if (label) {
        expect(await screen.findByText(message)).toBeTruthy();
        expect(field(label).getAttribute('aria-invalid')).toBe('true');
        expect(document.activeElement).toBe(field(label));
      } else {
        expect((await screen.findByRole('alert')).textContent).toBe(message);
      }
      expect(field(LABELS.senhaAtual).value).toBe(CURRENT);
      expect(field(LABELS.novaSenha).value).toBe(NEW);
      expect(field(LABELS.confirmarNovaSenha).value).toBe(NEW);
    }
  });

  it('a 401 ends the session and goes back to the login screen', async () => {
    const { router } = await openScreen();
    // The real transport hands a provider 401 to the session handler; the mock does what it would.
    const { handleUnauthorized } = await import('../../../lib/transport/index.ts');
    api.mockImplementationOnce(async () => {
      handleUnauthorized();
      throw new ApiError(401, messages.generic.unauthenticated, 'UNAUTHENTICATED');
    });
    fill();
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useAppStore.getState().authenticate.signedIn).toBe(false);
  });
});
