// /home shows the relationship's limit (issue 27): what the company's cards commit and what is free, beside the
// total; a failed read says so in place, with "Tentar novamente", and the cards list stays.
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../lib/store/index.ts';
import { callApi } from '../lib/transport/index.ts';
import { failsOnceThen } from '../test/api-handlers.ts';
import { row } from '../test/card-fixtures.ts';
import { renderApp } from '../test/render.tsx';
import { warmRoutes } from '../test/setup-card.ts';

vi.mock('../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);

beforeAll(warmRoutes, 60_000);

beforeEach(() => {
  api.mockReset();
  const store = useAppStore.getState();
  store.signOut();
  store.signIn({ usuario: 'Maria Operadora', login: 'maria.operadora', companies: [] });
  store.setCompany({ name: 'Transportadora Horizonte Ltda', cnpj: '11222333000181', relationCode: '000101' });
  store.setAccounts({ subAccounts: [row], totalSubAccounts: 1, meta: { totalRecords: 1 } });
});

describe('/home: the relationship’s limit', () => {
  it('shows committed and free beside the total', async () => {
    api.mockImplementation(async (name) =>
      name === 'relationshipLimit' ? { relationshipLimit: 100_000, committedLimit: 72_500.5, freeLimit: 27_499.5 } : {},
    );
    renderApp('/home');
    const panel = await screen.findByRole('region', { name: 'Limite do relacionamento' });
    await within(panel).findByText('R$ 72.500,50');
    expect(within(panel).getByText('Comprometido').nextElementSibling?.textContent).toBe('R$ 72.500,50');
    expect(within(panel).getByText('Livre').nextElementSibling?.textContent).toBe('R$ 27.499,50');
    expect(within(panel).getByText('de R$ 100.000,00')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Ver detalhes' }).getAttribute('href')).toBe(
      '/home/company/management',
    );
    expect(api).toHaveBeenCalledWith('relationshipLimit', {
      headers: { cnpj: '11222333000181', relationcode: '000101' },
    });
  });

  it('holds its place while the limit is read, its amounts not shown, so nothing below it moves when they come', async () => {
    let answer: (value: unknown) => void = () => undefined;
    api.mockImplementation((name) =>
      name === 'relationshipLimit' ? new Promise((resolve) => (answer = resolve)) : Promise.resolve({}),
    );
    renderApp('/home');
    const panel = await screen.findByRole('region', { name: 'Limite do relacionamento' });
    expect(panel.getAttribute('aria-busy')).toBe('true');
    const committed = within(panel).getByText('Comprometido').nextElementSibling as HTMLElement;
    expect(getComputedStyle(committed).visibility).toBe('hidden');
    answer({ relationshipLimit: 100_000, committedLimit: 72_500.5, freeLimit: 27_499.5 });
    await vi.waitFor(() => expect(committed.textContent).toBe('R$ 72.500,50'));
    expect(getComputedStyle(committed).visibility).toBe('visible');
    expect(panel.getAttribute('aria-busy')).toBeNull();
    // The same element all along: the panel was not put in later, above the list.
    expect(screen.getByRole('region', { name: 'Limite do relacionamento' })).toBe(panel);
  });

  it('says a failed read in place and reads again on "Tentar novamente"', async () => {
    failsOnceThen(api, 'relationshipLimit', () => ({ relationshipLimit: 10, committedLimit: 10, freeLimit: 0 }));
    renderApp('/home');
    const notice = (await screen.findByText('Não foi possível ler o limite do relacionamento.')).parentElement;
    fireEvent.click(within(notice as HTMLElement).getByRole('button', { name: 'Tentar novamente' }));
    const panel = await screen.findByRole('region', { name: 'Limite do relacionamento' });
    await within(panel).findByText('R$ 0,00');
    expect(within(panel).getByText('Livre').nextElementSibling?.textContent).toBe('R$ 0,00');
  });
});
