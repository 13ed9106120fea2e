// 'Exigir verificação em duas etapas de todos os perfis' on the company screen (decision 091).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type EndpointName, messages } from '../../../../contracts/index.ts';
import { ApiError, type CallOptions, callApi } from '../../../lib/transport/index.ts';
import { companies } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { signInAs } from '../../../test/sign-in.ts';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);
const m = messages.secondFactor.ui;
const company = companies[0]!;

type Handler = (options: CallOptions) => unknown;
let handlers: Partial<Record<EndpointName, Handler>>;
let stored: boolean;
const calls = (name: EndpointName) => api.mock.calls.filter(([n]) => n === name).map(([, o]) => o);
const theSwitch = () => screen.findByRole('switch', { name: new RegExp(m.companySwitch) }) as Promise<HTMLInputElement>;

describe('Segurança de acesso (company rule)', () => {
  beforeEach(() => {
    api.mockReset();
    stored = false;
    handlers = {
      companySecurity: () => ({ exigirSegundoFator: stored }),
      updateCompanySecurity: (o) => {
        stored = (o.body as { exigirSegundoFator: boolean }).exigirSegundoFator;
        return { exigirSegundoFator: stored };
      },
      listUsers: () => ({ usuarios: [] }),
    };
    api.mockImplementation(async (name, options = {}) => {
      const handler = handlers[name];
      if (!handler) throw new ApiError(500, 'indisponível');
      return handler(options);
    });
    signInAs('ADMINISTRADOR');
  });

  it('reads the rule for the chosen company and switches it on with a success notification', async () => {
    renderApp('/home/company/management');
    const sw = await theSwitch();
    expect(sw.checked).toBe(false);
    expect(calls('companySecurity')).toEqual([{ headers: { cnpj: company.cnpj } }]);
    fireEvent.click(sw);
    expect(await screen.findByText(m.companyOn)).toBeTruthy();
    expect(calls('updateCompanySecurity')).toEqual([
      { headers: { cnpj: company.cnpj }, body: { exigirSegundoFator: true } },
    ]);
    await waitFor(async () => expect((await theSwitch()).checked).toBe(true));
  });

  it('switching off asks first; cancelling keeps it on and sends nothing', async () => {
    stored = true;
    renderApp('/home/company/management');
    const sw = await theSwitch();
    await waitFor(() => expect(sw.checked).toBe(true));
    fireEvent.click(sw);
    const dialog = await screen.findByRole('dialog', { name: m.companyOffTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: m.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('updateCompanySecurity')).toEqual([]);
    expect((await theSwitch()).checked).toBe(true);

    fireEvent.click(await theSwitch());
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: m.companyOffTitle })).getByRole('button', {
        name: m.companyOffConfirm,
      }),
    );
    expect(await screen.findByText(m.companyOff)).toBeTruthy();
    expect(calls('updateCompanySecurity')).toEqual([
      { headers: { cnpj: company.cnpj }, body: { exigirSegundoFator: false } },
    ]);
  });

  it('a refused save says why and the switch shows the stored rule', async () => {
    handlers.updateCompanySecurity = () => {
      throw new ApiError(404, 'Empresa não encontrada.', 'COMPANY_NOT_FOUND');
    };
    renderApp('/home/company/management');
    fireEvent.click(await theSwitch());
    expect(await screen.findByText('Empresa não encontrada.')).toBeTruthy();
    await waitFor(async () => expect((await theSwitch()).checked).toBe(false));
  });

  it('is not shown, nor read, for a profile that does not manage users', async () => {
    signInAs('GESTOR_CARTOES');
    renderApp('/home/company/management');
    expect(await screen.findByRole('heading', { name: messages.companyScreen.identity })).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(calls('companySecurity')).toEqual([]);
  });
});
