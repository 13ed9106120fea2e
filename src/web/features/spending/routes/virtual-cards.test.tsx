// The holder's virtual cards screen (issue 30): the list by last four digits, a new card in one step with each
// missing field marked under itself, the reveal shown for its 60 seconds then gone, and the cancel confirmed first.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VirtualCard } from '../../../../contracts/virtual-cards.ts';
import { UUID } from '../../../test/card-fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { selectCard, warmRoutes } from '../../../test/setup-card.ts';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));

beforeAll(async () => {
  await warmRoutes();
  await import('./virtual-cards.tsx');
}, 60_000);
afterEach(() => vi.useRealTimers());

const active: VirtualCard = {
  id: '0b6a3f1e-6d1c-4c31-9a7e-1d2f3a4b5c6d',
  last4: '4821',
  label: 'Assinatura de software',
  kind: 'RECORRENTE',
  limit: 300,
  used: 45.9,
  expiresOn: '2027-05-28',
  status: 'ATIVO',
};

describe('virtual cards', () => {
  it('lists them and issues a new one, marking each missing field under itself first', async () => {
    const api = selectCard({
      virtualCards: { virtualCards: [active] },
      issueVirtualCard: { ...active, id: '1b6a3f1e-6d1c-4c31-9a7e-1d2f3a4b5c6d', last4: '7310', label: 'Viagem' },
    });
    renderApp('/home/details/virtual');
    const table = await screen.findByRole('table', { name: 'Cartões virtuais' });
    expect(within(table).getByText('•••• 4821')).toBeTruthy();
    expect(within(table).getByText('R$ 45,90 de R$ 300,00')).toBeTruthy();
    expect(within(table).getByText('28/05/2027')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Emitir cartão virtual' }));
    expect(await screen.findByText('Informe para que é o cartão virtual.')).toBeTruthy();
    expect(screen.getByText('Escolha se o cartão é recorrente ou para uma compra.')).toBeTruthy();
    expect(screen.getByText('Informe um limite maior que zero.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/Descrição/));
    expect(api).not.toHaveBeenCalledWith('issueVirtualCard', expect.anything());

    fireEvent.change(screen.getByLabelText(/Descrição/), { target: { value: 'Viagem' } });
    fireEvent.click(screen.getByLabelText('Uma compra'));
    fireEvent.change(screen.getByLabelText(/Limite do cartão virtual/), { target: { value: '120000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Emitir cartão virtual' }));
    expect(await screen.findByText('Cartão virtual final 7310 emitido.')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('issueVirtualCard', {
      params: { uuid: UUID },
      body: { last4digits: '5681', label: 'Viagem', kind: 'UMA_COMPRA', limit: 1200, validityMonths: 6 },
    });
  });

  it('shows the revealed data for 60 seconds, then closes by itself', async () => {
    selectCard({
      virtualCards: { virtualCards: [active] },
      revealVirtualCard: { id: active.id, pan: '5491670123454821', expiry: '05/27', cvv: '123', visibleForSeconds: 60 },
    });
    renderApp('/home/details/virtual');
    const button = await screen.findByRole('button', { name: 'Ver dados: final 4821' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Cartão virtual final 4821' });
    expect(within(dialog).getByText('5491 6701 2345 4821')).toBeTruthy();
    expect(within(dialog).getByText('05/27')).toBeTruthy();
    expect(within(dialog).getByText('123')).toBeTruthy();
    expect(within(dialog).getByText('Os dados somem da tela em 60 s.')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(61_000);
    });
    await waitFor(() => expect(screen.queryByText('5491 6701 2345 4821')).toBeNull());
  });

  it('asks before cancelling, then cancels', async () => {
    const api = selectCard({
      virtualCards: { virtualCards: [active] },
      cancelVirtualCard: { ...active, status: 'CANCELADO' },
    });
    renderApp('/home/details/virtual');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar: final 4821' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar o cartão virtual final 4821?' });
    expect(api).not.toHaveBeenCalledWith('cancelVirtualCard', expect.anything());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar cartão virtual' }));
    expect(await screen.findByText('Cartão virtual final 4821 cancelado.')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('cancelVirtualCard', {
      params: { uuid: UUID },
      body: { last4digits: '5681', virtualCardId: active.id },
    });
  });
});
