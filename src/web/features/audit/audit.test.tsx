// The audit trail screen with the transport answered at the edge: the rows with when (Brasília), who, address, what
// and before → after; the filters as they travel; "Carregar mais" with the cursor; the provider's refusal of a period
// shown as sent; the empty state.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEvent, AuditResponse } from '../../../contracts/audit.ts';
import { messages } from '../../../contracts/messages.ts';
import { useAppStore } from '../../lib/store/index.ts';
import { ApiError, callApi } from '../../lib/transport/index.ts';
import { renderApp } from '../../test/render.tsx';
import { warmRoutes } from '../../test/setup-card.ts';
import { brasiliaDay } from './lib/filters.ts';

vi.mock('../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);
const m = messages.audit;

const block: AuditEvent = {
  id: 'c-10',
  at: '2026-11-24T13:05:09.000Z',
  source: 'card',
  actorLogin: 'maria.souza',
  actorName: 'Maria Souza',
  address: '203.0.113.7',
  action: 'BLOCK',
  target: { last4: '4321', holder: 'João da Silva', text: null },
  changes: [
    { field: 'status', before: 'Actived', after: 'Blocked' },
    { field: 'blockCode', before: null, after: 'R' },
  ],
};
const limit: AuditEvent = {
  id: 'c-9',
  at: '2026-11-23T12:00:00.000Z',
  source: 'card',
  actorLogin: 'maria.souza',
  actorName: 'Maria Souza',
  address: '203.0.113.7',
  action: 'LIMIT_CHANGE',
  target: { last4: '1111', holder: 'Ana Lima', text: null },
  changes: [{ field: 'creditLimit', before: '1000', after: '2500.5' }],
};
const signIn: AuditEvent = {
  id: 'a-3',
  at: '2026-11-22T10:00:00.000Z',
  source: 'audit',
  actorLogin: 'jose',
  actorName: 'José Alves',
  address: null,
  action: 'login.success',
  target: { last4: null, holder: null, text: 'jose' },
  changes: [],
};

const reads: AuditEvent = {
  id: 'a-4',
  at: '2026-11-24T08:09:46.000Z',
  source: 'audit',
  actorLogin: 'maria.souza',
  actorName: 'Maria Souza',
  address: '203.0.113.7',
  action: 'personal-data.read',
  target: { last4: null, holder: null, text: '2 leituras' },
  changes: [
    {
      field: 'leituras',
      before: null,
      after: JSON.stringify([
        { em: '2026-11-24T08:09:45.000Z', alvo: 'account:0b1c', dados: ['cpf'], chamada: 'cardsOfAccount' },
        { em: '2026-11-24T08:09:46.000Z', alvo: 'empresa:11222333000181', dados: ['cpf'], chamada: 'accounts' },
      ]),
    },
  ],
};

const page = (events: AuditEvent[], next: string | null = null): AuditResponse => ({
  events,
  published: {
    state: 'published',
    seq: 1234,
    mac: 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90',
    publishedAt: '2026-11-24T12:30:00.000Z',
  },
  from: '2026-10-26',
  to: '2026-11-24',
  next,
});

const trailCalls = () => api.mock.calls.filter(([name]) => name === 'auditTrail');
const optionsOfCall = (i: number) => (trailCalls()[i] ?? [])[1] as { query: Record<string, string>; headers: object };
const queryOfCall = (i: number) => optionsOfCall(i).query;

beforeAll(warmRoutes, 60_000);

beforeEach(() => {
  api.mockReset();
  const store = useAppStore.getState();
  store.signOut();
  store.signIn({ usuario: 'Maria Operadora', login: 'maria.operadora', companies: [] });
  store.setCompany({ name: 'Transportadora Horizonte Ltda', cnpj: '11222333000181', relationCode: '000101' });
});

function answer(trail: (query: Record<string, string>) => AuditResponse | ApiError) {
  api.mockImplementation(async (name, options) => {
    if (name === 'auditTrail') {
      const value = trail((options as { query: Record<string, string> }).query);
      if (value instanceof ApiError) throw value;
      return value;
    }
    return { message: 'ok' };
  });
}

describe('the audit trail screen (/home/audit)', () => {
  it('lists each record with when (Brasília), who, address, what and before → after, for the last 30 days', async () => {
    answer(() => page([block, signIn]));
    renderApp('/home/audit');
    const table = await screen.findByRole('table', { name: m.title });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first?.textContent).toContain('24/11/2026 10:05:09');
    expect(first?.textContent).toContain('Maria Souza');
    expect(first?.textContent).toContain('maria.souza');
    expect(first?.textContent).toContain('203.0.113.7');
    expect(first?.textContent).toContain('Bloqueio do cartão');
    expect(first?.textContent).toContain('cartão final 4321 · João da Silva');
    expect(first?.textContent).toContain('Situação: Ativo → Bloqueado');
    // A field set where there was none shows only its value, by its pt-BR name.
    expect(first?.textContent).toContain('Motivo do bloqueio: Roubo');
    expect(first?.textContent).not.toContain('(vazio)');
    expect(second?.textContent).toContain('Acesso ao portal');
    expect(second?.textContent).toContain('—');
    const headers = optionsOfCall(0).headers;
    expect(headers).toEqual({ cnpj: '11222333000181', relationcode: '000101' });
    const today = brasiliaDay(Date.now());
    expect(queryOfCall(0)).toEqual({ from: brasiliaDay(Date.now() - 29 * 86_400_000), to: today });
  });

  it('says each sensitive read in words (what, where, when in Brasília), with no JSON and no raw target', async () => {
    answer(() => page([reads]));
    renderApp('/home/audit');
    const table = await screen.findByRole('table', { name: m.title });
    const [, row] = within(table).getAllByRole('row');
    expect(row?.textContent).toContain('Consulta de CPF ou endereço completos');
    expect(row?.textContent).toContain('CPF completo lido em Detalhes do cartão às 05:09:45');
    expect(row?.textContent).toContain('CPF completo lido em Lista de cartões às 05:09:46');
    expect(row?.textContent).not.toMatch(/[{}[\]"]|cardsOfAccount|\(vazio\)/);
  });

  it('shows the chain head last published outside the database, with its time; or that none holds', async () => {
    answer(() => page([block]));
    const first = renderApp('/home/audit');
    expect(
      await screen.findByText(
        'Trilha protegida: último topo publicado nº 1.234 (a1b2c3d4e5f6…) em 24/11/2026 09:30:00.',
      ),
    ).toBeTruthy();
    first.unmount();
    answer(() => ({ ...page([block]), published: { state: 'invalid', seq: null, mac: null, publishedAt: null } }));
    const second = renderApp('/home/audit');
    expect(await screen.findByText(m.invalidPublishedHead)).toBeTruthy();
    second.unmount();
    answer(() => ({ ...page([]), published: { state: 'absent', seq: null, mac: null, publishedAt: null } }));
    renderApp('/home/audit');
    expect(await screen.findByText(m.noPublishedHead)).toBeTruthy();
  });

  it('sends the filters (a masked CPF as its digits) and shows money in reais', async () => {
    answer((q) => (q.card ? page([limit]) : page([block, limit])));
    renderApp('/home/audit');
    await screen.findByRole('table', { name: m.title });
    fireEvent.input(screen.getByLabelText(m.filters.from), { target: { value: '01112026' } });
    expect((screen.getByLabelText(m.filters.from) as HTMLInputElement).value).toBe('01/11/2026');
    fireEvent.change(screen.getByLabelText(m.filters.operator), { target: { value: 'maria.souza' } });
    fireEvent.change(screen.getByLabelText(m.filters.card), { target: { value: '123.456.789-09' } });
    fireEvent.change(screen.getByLabelText(m.filters.action), { target: { value: 'LIMIT_CHANGE' } });
    fireEvent.click(screen.getByRole('button', { name: m.filters.submit }));
    await waitFor(() => expect(trailCalls()).toHaveLength(2));
    expect(queryOfCall(1)).toMatchObject({
      from: '2026-11-01',
      operator: 'maria.souza',
      card: '12345678909',
      action: 'LIMIT_CHANGE',
    });
    expect(await screen.findByText('R$ 2.500,50')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: m.title })).queryByText('Bloqueio do cartão')).toBeNull();
  });

  it('opens with the period as dd/mm/aaaa and keeps an impossible date as typed, said under it, without calling', async () => {
    answer(() => page([block]));
    renderApp('/home/audit');
    await screen.findByRole('table', { name: m.title });
    const from = screen.getByRole('textbox', { name: m.filters.from }) as HTMLInputElement;
    expect(from.value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(from.getAttribute('placeholder')).toBe('dd/mm/aaaa');
    fireEvent.input(from, { target: { value: '31/04/2026' } });
    fireEvent.click(screen.getByRole('button', { name: m.filters.submit }));
    expect(await screen.findByText(messages.dateField.invalid)).toBeTruthy();
    expect(from.value).toBe('31/04/2026');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    fireEvent.input(screen.getByRole('textbox', { name: m.filters.to }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: m.filters.submit }));
    expect(await screen.findByText(m.period.required)).toBeTruthy();
    expect(trailCalls()).toHaveLength(1);
  });

  it('refuses a card that is neither four digits nor a CPF without calling', async () => {
    answer(() => page([block]));
    renderApp('/home/audit');
    await screen.findByRole('table', { name: m.title });
    fireEvent.change(screen.getByLabelText(m.filters.card), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: m.filters.submit }));
    expect(await screen.findByText(m.cardInvalid)).toBeTruthy();
    expect(trailCalls()).toHaveLength(1);
  });

  it('loads the next page with the cursor of the last one', async () => {
    answer((q) =>
      q.cursor === '1764000000000000~c~9' ? page([signIn]) : page([block, limit], '1764000000000000~c~9'),
    );
    renderApp('/home/audit');
    await screen.findByRole('table', { name: m.title });
    fireEvent.click(screen.getByRole('button', { name: m.more }));
    expect(await screen.findByText('Acesso ao portal')).toBeTruthy();
    expect(queryOfCall(1).cursor).toBe('1764000000000000~c~9');
    expect(screen.queryByRole('button', { name: m.more })).toBeNull();
    expect(screen.getByText(m.shown('3'))).toBeTruthy();
  });

  it("shows the provider's refusal of a period as sent", async () => {
    answer((q) =>
      q.from === '2020-01-01' ? new ApiError(400, m.period.tooOld, 'AUDIT_PERIOD_INVALID') : page([block]),
    );
    renderApp('/home/audit');
    await screen.findByRole('table', { name: m.title });
    fireEvent.input(screen.getByLabelText(m.filters.from), { target: { value: '01/01/2020' } });
    fireEvent.click(screen.getByRole('button', { name: m.filters.submit }));
    expect((await screen.findByRole('alert')).textContent).toContain(m.period.tooOld);
  });

  it('says so when nothing matches, and offers to retry a failed read', async () => {
    answer(() => page([]));
    renderApp('/home/audit');
    expect(await screen.findByText(m.empty)).toBeTruthy();
    answer(() => new ApiError(503, 'Serviço indisponível.', 'UNEXPECTED'));
    fireEvent.click(screen.getByRole('button', { name: m.filters.submit }));
    fireEvent.change(screen.getByLabelText(m.filters.operator), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: m.filters.submit }));
    expect(await screen.findByRole('button', { name: m.retry })).toBeTruthy();
  });
});
