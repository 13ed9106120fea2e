import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PortalUser } from '../../../../contracts/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { ApiError, callApi } from '../../../lib/transport/index.ts';
import { companies, loginAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { setUpRouteTest } from '../../../test/route-test.ts';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);

const company = companies[0]!;
const user = (n: number, status: PortalUser['status']): PortalUser => ({
  id: `u${n}`,
  login: `operador${n}`,
  nomeUsuario: `Operador ${n}`,
  email: `operador${n}@exemplo.com.br`,
  numeroDocumento: `5290636005${n}`,
  ddi: 55,
  ddd: 11,
  numCelular: 991234567,
  status,
  perfis: ['OPERADOR'],
  segundoFator: false,
});

const dd = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/home/company/management', { timeout: 30_000 }, () => {
  setUpRouteTest(api, () => import('./company-management.tsx'));

  it('shows the company, its relationship card, the kept card total and the portal users with the active ones', async () => {
    api.mockImplementation(async (name) => {
      if (name === 'corporateAccount') return { uuid: 'a1', last4digits: '4321', ...company };
      if (name === 'accounts')
        return { subAccounts: [], totalSubAccounts: 1_000_000, meta: { totalRecords: 1_000_000 } };
      if (name === 'listUsers') return { usuarios: [user(1, 'ATIVO'), user(2, 'INATIVO'), user(3, 'ATIVO')] };
      if (name === 'relationshipLimit')
        return { relationshipLimit: 1_500_000, committedLimit: 1_234_567.89, freeLimit: 265_432.11 };
      throw new Error(`unexpected ${name}`);
    });
    renderApp('/home/company/management');
    expect(await screen.findByText('R$ 265.432,11', {}, { timeout: 10_000 })).toBeTruthy();
    expect(dd('Limite total')).toBe('R$ 1.500.000,00');
    expect(dd('Comprometido com cartões')).toBe('R$ 1.234.567,89');

    expect(await screen.findByText('Final 4321', {}, { timeout: 10_000 })).toBeTruthy();
    expect(dd('Razão social')).toBe(company.corporateName);
    expect(dd('CNPJ')).toMatch(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
    expect(dd('Código do relacionamento')).toBe(company.relationCode);
    const cards = screen.getByRole('region', { name: 'Cartões' });
    expect(await within(cards).findByText('1.000.000')).toBeTruthy();
    expect(within(cards).getByRole('link', { name: 'Ver cartões' }).getAttribute('href')).toBe('/home');
    const users = screen.getByRole('region', { name: 'Usuários do portal' });
    expect(await within(users).findByText('3')).toBeTruthy();
    expect(within(users).getByText('2 ativos')).toBeTruthy();
    expect(within(users).getByRole('link', { name: 'Gerenciar usuários' }).getAttribute('href')).toBe(
      '/home/user/management/manage',
    );
    const shortcuts = screen.getByRole('navigation', { name: 'Atalhos' });
    expect(within(shortcuts).getByRole('link', { name: 'Ver faturas' }).getAttribute('href')).toBe('/home/invoices');
    expect(api).toHaveBeenCalledWith('accounts', {
      headers: { cnpj: company.cnpj, relationcode: company.relationCode, startaccount: '', direction: '' },
    });
  });

  it('says a value is unavailable where its call failed and still shows the rest', async () => {
    api.mockImplementation(async (name) => {
      if (name === 'corporateAccount') throw new ApiError(404, 'Conta não encontrada', 'NOT_FOUND');
      if (name === 'accounts') return { subAccounts: [], totalSubAccounts: 120, meta: { totalRecords: 120 } };
      if (name === 'listUsers') throw new ApiError(403, 'Acesso negado', 'FORBIDDEN');
      if (name === 'relationshipLimit') return { relationshipLimit: 100, committedLimit: 60, freeLimit: 40 };
      throw new Error(`unexpected ${name}`);
    });
    renderApp('/home/company/management');

    const cards = screen.getByRole('region', { name: 'Cartões' });
    expect(await within(cards).findByText('120', {}, { timeout: 10_000 })).toBeTruthy();
    const users = screen.getByRole('region', { name: 'Usuários do portal' });
    expect(await within(users).findByText('Indisponível no momento')).toBeTruthy();
    expect(await screen.findAllByText('Indisponível no momento')).toHaveLength(2);
    expect(dd('Razão social')).toBe(company.corporateName);
  });

  it('a Consulta operator sees the company without its users or the request-card shortcut, and lists no users', async () => {
    useAppStore.getState().signOut();
    useAppStore.getState().signIn({
      usuario: loginAnswer.usuario,
      login: 'maria.operadora',
      companies: companies.map((c) => ({ ...c, perfil: 'CONSULTA' as const })),
    });
    useAppStore
      .getState()
      .setCompany({ name: company.corporateName, cnpj: company.cnpj, relationCode: company.relationCode });
    api.mockImplementation(async (name) => {
      if (name === 'corporateAccount') return { uuid: 'a1', last4digits: '4321', ...company };
      if (name === 'accounts') return { subAccounts: [], totalSubAccounts: 12, meta: { totalRecords: 12 } };
      if (name === 'relationshipLimit') return { relationshipLimit: 100, committedLimit: 40, freeLimit: 60 };
      throw new Error(`unexpected ${name}`);
    });
    renderApp('/home/company/management');
    expect(await screen.findByText('Final 4321', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Cartões' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Usuários do portal' })).toBeNull();
    const shortcuts = screen.getByRole('navigation', { name: 'Atalhos' });
    expect(within(shortcuts).getByRole('link', { name: 'Ver faturas' })).toBeTruthy();
    expect(within(shortcuts).queryByRole('link', { name: 'Solicitar cartão' })).toBeNull();
    expect(api.mock.calls.map(([name]) => name)).not.toContain('listUsers');
  });
});
