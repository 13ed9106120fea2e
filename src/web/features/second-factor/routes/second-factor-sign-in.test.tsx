// The second factor after the password (decision 091): the code step, the recovery code, a reload while pending,
// and the enrolment with its QR code, a real TOTP code and the recovery codes shown once.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Secret, TOTP } from 'otpauth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type EndpointName, messages } from '../../../../contracts/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { ApiError, callApi } from '../../../lib/transport/index.ts';
import { answerCalls, type Handlers, RECOVERY_CODES } from '../../../test/api-handlers.ts';
import { loginAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);
const m = messages.secondFactor.ui;

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/fidis:maria?secret=${SECRET}&issuer=fidis`;
const CODES = RECOVERY_CODES;
const full = {
  usuario: loginAnswer.usuario,
  login: 'maria.operadora',
  companies: loginAnswer.companies,
  segundoFator: 'NENHUM' as const,
};
const pending = (segundoFator: 'VERIFICAR' | 'CADASTRAR') => ({
  usuario: loginAnswer.usuario,
  login: 'maria.operadora',
  companies: [],
  segundoFator,
});
const invalid = () => new ApiError(400, messages.secondFactor.invalidCode, 'SECOND_FACTOR_INVALID');

let handlers: Handlers;
const calls = (name: EndpointName) => api.mock.calls.filter(([n]) => n === name).map(([, o]) => o);

async function signInWith(step: 'VERIFICAR' | 'CADASTRAR') {
  handlers.login = () => ({ ...loginAnswer, companies: [], segundoFator: step });
  handlers.session = () => pending(step);
  const view = renderApp('/');
  fireEvent.change(await screen.findByLabelText(messages.login.user), { target: { value: 'maria' } });
  fireEvent.change(screen.getByLabelText(messages.login.password), { target: { value: 'segredo' } });
  fireEvent.click(screen.getByRole('button', { name: messages.login.submit }));
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/second_factor'));
  return view;
}

const codeField = () => screen.findByLabelText(new RegExp(`^${m.codeLabel}`)) as Promise<HTMLInputElement>;

describe('sign-in: the code step', () => {
  beforeEach(() => {
    api.mockReset();
    localStorage.clear();
    useAppStore.getState().signOut();
    handlers = { companies: () => ({ companies: loginAnswer.companies }) };
    answerCalls(api, () => handlers);
  });

  it('asks the 6 digits of the app after the password, with no company and no shell', async () => {
    await signInWith('VERIFICAR');
    expect(await screen.findByRole('heading', { name: m.verifyTitle })).toBeTruthy();
    const field = await codeField();
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(useAppStore.getState().pendingFactor).toBe('VERIFICAR');
    expect(useAppStore.getState().authenticate.user?.companies).toEqual([]);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('a wrong code shows the contract’s message and is cleared; the right one goes to the company choice', async () => {
    const { router } = await signInWith('VERIFICAR');
    handlers.secondFactorVerify = () => {
      throw invalid();
    };
    const field = await codeField();
    // Spaces some apps show and letters are dropped as typed.
    fireEvent.change(field, { target: { value: '123 45a6' } });
    expect(field.value).toBe('123456');
    fireEvent.click(screen.getByRole('button', { name: m.verify }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.secondFactor.invalidCode);
    expect(field.value).toBe('');
    expect(calls('secondFactorVerify')).toEqual([{ body: { codigo: '123456' } }]);

    handlers.secondFactorVerify = () => full;
    fireEvent.change(field, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: m.verify }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/choose/company'));
    expect(useAppStore.getState().pendingFactor).toBeNull();
    expect(useAppStore.getState().authenticate.user?.companies).toEqual(loginAnswer.companies);
  });

  it('asks for 6 digits before sending anything', async () => {
    await signInWith('VERIFICAR');
    fireEvent.change(await codeField(), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: m.verify }));
    expect((await screen.findByRole('alert')).textContent).toBe(m.codeRequired);
    expect(calls('secondFactorVerify')).toEqual([]);
  });

  it('switches to a recovery code, tidied as XXXXX-XXXXX, and back without losing what was typed', async () => {
    const { router } = await signInWith('VERIFICAR');
    fireEvent.change(await codeField(), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: m.useRecovery }));
    const recovery = (await screen.findByLabelText(new RegExp(`^${m.recoveryLabel}`))) as HTMLInputElement;
    fireEvent.change(recovery, { target: { value: 'abcde fghjk' } });
    expect(recovery.value).toBe('ABCDE-FGHJK');
    fireEvent.click(screen.getByRole('button', { name: m.useApp }));
    expect((await codeField()).value).toBe('12');
    fireEvent.click(screen.getByRole('button', { name: m.useRecovery }));
    handlers.secondFactorVerify = () => full;
    fireEvent.click(screen.getByRole('button', { name: m.verify }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/choose/company'));
    expect(calls('secondFactorVerify')).toEqual([{ body: { codigo: 'ABCDE-FGHJK' } }]);
  });

  it('"Voltar e sair" ends the pending session and goes back to the login', async () => {
    handlers.logout = () => null;
    const { router } = await signInWith('VERIFICAR');
    fireEvent.click(await screen.findByRole('button', { name: m.back }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls('logout')).toHaveLength(1);
    expect(useAppStore.getState().authenticate.signedIn).toBe(false);
    expect(useAppStore.getState().pendingFactor).toBeNull();
  });

  it('a reload while pending comes back to the code step, never into the shell', async () => {
    useAppStore.getState().signInPending({ usuario: 'Maria Operadora', login: 'maria.operadora' }, 'VERIFICAR');
    // What a reload keeps: the hint and the step, nothing personal.
    const stored = JSON.parse(localStorage.getItem('fidis') ?? '{}').state;
    expect(stored).toMatchObject({ signedIn: true, pendingFactor: 'VERIFICAR' });
    expect(JSON.stringify(stored)).not.toContain('Maria');
    useAppStore.setState({ authenticate: { user: null, signedIn: true } });
    handlers.session = () => pending('VERIFICAR');
    const { router } = renderApp('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/second_factor'));
    expect(await screen.findByRole('heading', { name: m.verifyTitle })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    // Only the factor's calls: nothing the provider would refuse as pending.
    expect(api.mock.calls.map(([n]) => n).every((n) => n === 'session')).toBe(true);
  });

  it('a pending session verified meanwhile (another tab) goes straight on to the company choice', async () => {
    useAppStore.getState().signInPending({ usuario: 'Maria Operadora', login: 'maria.operadora' }, 'VERIFICAR');
    handlers.session = () => full;
    const { router } = renderApp('/second_factor');
    await waitFor(() => expect(router.state.location.pathname).toBe('/choose/company'));
  });
});

describe('sign-in: the enrolment', () => {
  beforeEach(() => {
    api.mockReset();
    localStorage.clear();
    useAppStore.getState().signOut();
    handlers = {
      companies: () => ({ companies: loginAnswer.companies }),
      secondFactorEnroll: () => ({ segredo: SECRET, uri: URI }),
    };
    answerCalls(api, () => handlers);
  });

  it('explains why, draws the QR code, shows the key in 4s, confirms a real code, then the 10 codes once', async () => {
    const { router } = await signInWith('CADASTRAR');
    expect(await screen.findByRole('heading', { name: m.enrolTitle })).toBeTruthy();
    expect(await screen.findByText(m.enrolRequired)).toBeTruthy();
    const qr = await screen.findByRole('img', { name: m.qrLabel });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(screen.getByRole('button', { name: m.copyKey })).toBeTruthy();
    expect(calls('secondFactorEnroll')).toHaveLength(1);

    handlers.secondFactorConfirm = () => {
      throw invalid();
    };
    const field = await codeField();
    fireEvent.change(field, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: m.confirmEnrol }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.secondFactor.invalidCode);
    expect(field.value).toBe('');

    handlers.secondFactorConfirm = () => ({ codigosRecuperacao: CODES });
    const code = new TOTP({ secret: Secret.fromBase32(SECRET) }).generate();
    fireEvent.change(field, { target: { value: code } });
    fireEvent.click(screen.getByRole('button', { name: m.confirmEnrol }));
    const list = await screen.findByRole('list', { name: m.codesListLabel });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(calls('secondFactorConfirm').at(-1)).toEqual({ body: { codigo: code } });
    expect(screen.getByRole('button', { name: m.copyCodes })).toBeTruthy();
    expect(screen.getByRole('button', { name: m.downloadCodes })).toBeTruthy();

    // Continuar waits for the checkbox.
    const go = screen.getByRole('button', { name: m.continue }) as HTMLButtonElement;
    expect(go.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: m.savedCodes }));
    expect(go.disabled).toBe(false);
    handlers.session = () => full;
    fireEvent.click(go);
    await waitFor(() => expect(router.state.location.pathname).toBe('/choose/company'));
    expect(useAppStore.getState().authenticate.user?.companies).toEqual(loginAnswer.companies);
  });

  it('after the codes, a session that still wants a code asks it', async () => {
    await signInWith('CADASTRAR');
    handlers.secondFactorConfirm = () => ({ codigosRecuperacao: CODES });
    fireEvent.change(await codeField(), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: m.confirmEnrol }));
    fireEvent.click(await screen.findByRole('checkbox', { name: m.savedCodes }));
    handlers.session = () => pending('VERIFICAR');
    fireEvent.click(screen.getByRole('button', { name: m.continue }));
    expect(await screen.findByRole('heading', { name: m.verifyTitle })).toBeTruthy();
  });

  it('a failed start says so and tries again on request', async () => {
    handlers.secondFactorEnroll = () => {
      throw new ApiError(502, messages.proxy.upstream, 'UPSTREAM_UNAVAILABLE');
    };
    await signInWith('CADASTRAR');
    expect((await screen.findByRole('alert')).textContent).toBe(messages.login.unavailable);
    handlers.secondFactorEnroll = () => ({ segredo: SECRET, uri: URI });
    fireEvent.click(screen.getByRole('button', { name: m.retry }));
    expect(await screen.findByRole('img', { name: m.qrLabel })).toBeTruthy();
  });
});
