// The company's default spending controls (issue 30): reached from Gestão da Empresa by who may change cards, the
// card screen's form with its atual → novo confirmation, the default removed only after asking, and a refusal said.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EndpointName } from '../../../../contracts/index.ts';
import { OPEN_CONTROLS, type SpendingControls } from '../../../../contracts/spending-controls.ts';
import { ApiError, type CallOptions, callApi } from '../../../lib/transport/index.ts';
import { companies } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { signInAs } from '../../../test/sign-in.ts';
import { itemTexts, rowTexts } from '../../../test/texts.ts';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);
const company = companies[0]!;
const headers = { cnpj: company.cnpj, relationcode: company.relationCode };

let stored: SpendingControls | null;
let handlers: Partial<Record<EndpointName, (o: CallOptions) => unknown>>;
const calls = (name: EndpointName) => api.mock.calls.filter(([n]) => n === name).map(([, o]) => o);

describe('the company’s default spending controls', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await import('../../../app/shell/shell-layout.tsx');
    await import('../../company-management/routes/company-management.tsx');
    await import('./company-controls.tsx');
  });

  beforeEach(() => {
    api.mockReset();
    stored = null;
    handlers = {
      companyControls: () => ({ controls: stored }),
      companyControlsImpact: () => ({
        cards: 7,
        approved: 40,
        wouldDecline: 5,
        byControl: [
          { code: 'GROUP_BLOCKED', count: 3 },
          { code: 'CASH_BLOCKED', count: 2 },
        ],
      }),
      changeCompanyControls: (o) => {
        stored = (o.body as { controls: SpendingControls | null }).controls;
        return { controls: stored };
      },
    };
    api.mockImplementation(async (name, options = {}) => {
      const handler = handlers[name];
      if (!handler) throw new ApiError(503, 'indisponível');
      const answer = handler(options);
      if (answer instanceof Error) throw answer;
      return answer;
    });
    signInAs('ADMINISTRADOR');
  });

  it('opens from Gestão da Empresa and sets a default after showing what changes', async () => {
    renderApp('/home/company/management');
    fireEvent.click(await screen.findByRole('link', { name: 'Controles de gasto padrão' }, { timeout: 10_000 }));
    expect(await screen.findByRole('heading', { name: 'Controles de gasto padrão da empresa' })).toBeTruthy();
    expect(await screen.findByText(/A empresa não tem controles padrão/)).toBeTruthy();
    expect(calls('companyControls')).toEqual([{ headers }]);

    fireEvent.click(screen.getByLabelText('Jogos e apostas'));
    fireEvent.click(screen.getByLabelText('Saques em dinheiro'));
    fireEvent.change(screen.getByLabelText('Máximo por dia'), { target: { value: '50000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar controles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Salvar os controles de gasto?' });
    const rows = rowTexts(dialog);
    expect(rows).toContain('Categorias bloqueadasnenhumaJogos e apostas');
    expect(rows).toContain('Máximo por diasem limiteR$ 500,00');
    // The 30 days of the cards that follow the default, through the proposed controls, before anything is saved.
    const proposed = { ...OPEN_CONTROLS, blockedGroups: ['apostas'], cashWithdrawal: false, dailyLimit: 500 };
    expect(calls('companyControlsImpact')).toEqual([{ headers, body: { controls: proposed } }]);
    expect(
      within(dialog).getByText(
        '5 das 40 compras aprovadas dos 7 cartões que seguem o padrão nos últimos 30 dias seriam negadas.',
      ),
    ).toBeTruthy();
    expect(itemTexts(dialog, 'Negadas por controle')).toEqual([
      'Categoria bloqueada: 3 compras',
      'Saques em dinheiro: 2 compras',
    ]);
    expect(calls('changeCompanyControls')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Controles de gasto salvos.')).toBeTruthy();
    expect(calls('changeCompanyControls')).toEqual([
      {
        headers,
        body: { controls: { ...OPEN_CONTROLS, blockedGroups: ['apostas'], cashWithdrawal: false, dailyLimit: 500 } },
      },
    ]);
    expect(await screen.findByText('A empresa tem controles padrão.')).toBeTruthy();
    expect((screen.getByLabelText('Jogos e apostas') as HTMLInputElement).checked).toBe(true);
  });

  it('removes the default only after asking, and says why when the provider refuses', async () => {
    stored = { ...OPEN_CONTROLS, online: false };
    renderApp('/home/company/management/controls');
    fireEvent.click(await screen.findByRole('button', { name: 'Remover o padrão da empresa' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover os controles padrão da empresa?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('changeCompanyControls')).toEqual([]);

    handlers.changeCompanyControls = () => new ApiError(404, 'Empresa não encontrada.', 'COMPANY_NOT_FOUND');
    fireEvent.click(screen.getByRole('button', { name: 'Remover o padrão da empresa' }));
    const again = await screen.findByRole('dialog', { name: 'Remover os controles padrão da empresa?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Remover o padrão da empresa' }));
    expect(await screen.findByText('Empresa não encontrada.')).toBeTruthy();
    expect(calls('changeCompanyControls')).toEqual([{ headers, body: { controls: null } }]);
    expect(screen.getByText('A empresa tem controles padrão.')).toBeTruthy();
  });

  it('is not offered to a profile that cannot change cards', async () => {
    signInAs('CONSULTA');
    handlers.corporateAccount = () => ({ uuid: 'a1', last4digits: '4321', ...company });
    renderApp('/home/company/management');
    expect(await screen.findByText('Final 4321', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Controles de gasto padrão' })).toBeNull();
    expect(calls('companyControls')).toEqual([]);
  });
});
