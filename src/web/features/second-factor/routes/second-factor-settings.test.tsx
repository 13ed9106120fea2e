// The account area's 'Verificação em duas etapas' (decision 091): status, enrolment, new recovery codes, disabling.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type EndpointName, messages } from '../../../../contracts/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { callApi } from '../../../lib/transport/index.ts';
import { type Handlers, RECOVERY_CODES } from '../../../test/api-handlers.ts';
import { companies } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);
const m = messages.secondFactor.ui;
const CODES = RECOVERY_CODES;
const enrolled = {
  cadastrado: true,
  obrigatorio: false,
  cadastradoEm: '2026-03-02T15:00:00.000Z',
  codigosRecuperacaoRestantes: 2,
};

let handlers: Handlers;
const calls = (name: EndpointName) => api.mock.calls.filter(([n]) => n === name).map(([, o]) => o);
const dd = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Verificação em duas etapas (account area)', () => {
  beforeEach(() => {
    api.mockReset();
    handlers = {
      secondFactorStatus: () => enrolled,
      accounts: () => ({ subAccounts: [], totalSubAccounts: 0, meta: { totalRecords: 0 } }),
    };
    api.mockImplementation(async (name, options = {}) => {
      const handler = handlers[name];
      if (!handler) return { message: 'ok' };
      return handler(options);
    });
    useAppStore.getState().signOut();
    useAppStore.getState().signIn({ usuario: 'Maria Operadora', login: 'maria.operadora', companies });
    useAppStore.getState().setCompany({ name: 'Empresa Alfa Ltda', cnpj: '11222333000181', relationCode: 'REL-1' });
  });

  it('opens from the sidebar and shows the status: since when, codes left (few), not required', async () => {
    renderApp('/home/account/password');
    fireEvent.click((await screen.findAllByRole('link', { name: m.settingsTitle }))[0]!);
    expect(await screen.findByText(m.statusOn)).toBeTruthy();
    expect(dd(m.enrolledOn)).toBe('02/03/2026');
    expect(dd(m.codesLeft)).toBe('2');
    expect(dd(m.requiredLabel)).toBe(m.no);
    expect(screen.getByText(m.codesLow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: m.enrol })).toBeNull();
  });

  it('disables after the confirmation and says so', async () => {
    handlers.secondFactorDisable = () => ({ message: messages.secondFactor.disabled });
    renderApp('/home/account/second_factor');
    fireEvent.click(await screen.findByRole('button', { name: m.disable }));
    const dialog = await screen.findByRole('dialog', { name: m.disableTitle });
    expect(calls('secondFactorDisable')).toEqual([]);
    handlers.secondFactorStatus = () => ({
      ...enrolled,
      cadastrado: false,
      cadastradoEm: null,
      codigosRecuperacaoRestantes: 0,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: m.disableConfirm }));
    expect(await screen.findByText(messages.secondFactor.disabled)).toBeTruthy();
    expect(calls('secondFactorDisable')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: m.enrol })).toBeTruthy();
  });

  it('required: "Desativar" is off and says why', async () => {
    handlers.secondFactorStatus = () => ({ ...enrolled, obrigatorio: true });
    renderApp('/home/account/second_factor');
    const disable = (await screen.findByRole('button', { name: m.disable })) as HTMLButtonElement;
    expect(disable.disabled).toBe(true);
    expect(document.getElementById(disable.getAttribute('aria-describedby')!)?.textContent).toBe(
      messages.secondFactor.mandatory,
    );
    expect(dd(m.requiredLabel)).toBe(m.yes);
  });

  it('new recovery codes: asked first, shown once, the checkbox before going back', async () => {
    handlers.secondFactorRecoveryCodes = () => ({ codigosRecuperacao: CODES });
    renderApp('/home/account/second_factor');
    fireEvent.click(await screen.findByRole('button', { name: m.newCodes }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: m.newCodesTitle })).getByRole('button', {
        name: m.newCodesConfirm,
      }),
    );
    const list = await screen.findByRole('list', { name: m.codesListLabel });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    const go = screen.getByRole('button', { name: m.continue }) as HTMLButtonElement;
    expect(go.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: m.savedCodes }));
    fireEvent.click(go);
    expect(await screen.findByText(m.newCodesReady)).toBeTruthy();
    expect(screen.queryByRole('list', { name: m.codesListLabel })).toBeNull();
  });

  it('not enrolled: "Cadastrar" opens the same enrolment, which can be cancelled', async () => {
    handlers.secondFactorStatus = () => ({
      cadastrado: false,
      obrigatorio: false,
      cadastradoEm: null,
      codigosRecuperacaoRestantes: 0,
    });
    handlers.secondFactorEnroll = () => ({
      segredo: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      uri: 'otpauth://totp/fidis:maria?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    });
    renderApp('/home/account/second_factor');
    expect(await screen.findByText(m.statusOff)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: m.enrol }));
    expect(await screen.findByRole('img', { name: m.qrLabel })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: m.cancelEnrol }));
    await waitFor(() => expect(screen.getByRole('button', { name: m.enrol })).toBeTruthy());
  });

  it('a failed status read says so and offers to try again', async () => {
    let fail = true;
    handlers.secondFactorStatus = () => {
      if (fail) throw new Error('down');
      return enrolled;
    };
    renderApp('/home/account/second_factor');
    expect((await screen.findByRole('alert')).textContent).toBe(m.statusFailed);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: m.retry }));
    expect(await screen.findByText(m.statusOn)).toBeTruthy();
  });
});
