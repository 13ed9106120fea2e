// The history explains a NEGADA authorization and links to the screen that lifts it (decision 081).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { consultActive } from '../../../test/card-fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { selectCard, warmRoutes } from '../../../test/setup-card.ts';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));

beforeAll(warmRoutes, 60_000);

const declined = (descResponseTransaction: string, mainValue: number, minute: number) => ({
  tmsInclH: `2026-03-10T14:${String(minute).padStart(2, '0')}:00`,
  numAuthorization: `N${minute}`,
  establishmentName: `LOJA ${minute}`,
  qtdParcel: 1,
  coinCode: 986,
  mainValue,
  descResponseTransaction,
  descDrop: 'NEGADA',
  transactionType: 'COMPRA A VISTA',
});

const history = {
  authorizationHistory: {
    authorizations: [
      declined('SALDO INSUFICIENTE', 3000, 50),
      declined('SENHA INVALIDA', 80, 40),
      declined('CARTAO BLOQUEADO', 120, 30),
      declined('SUSPEITA DE FRAUDE', 99, 20),
    ],
  },
  invoiceDueDates: { listInvoiceDueDate: [] },
};

const rowOf = async (establishment: string) => {
  const table = await screen.findByRole('table', { name: 'Histórico de autorizações' });
  return within(table).getByText(establishment).closest('tr') as HTMLElement;
};

describe('history: why an authorization was declined', () => {
  it('explains each reason, and the limit fix opens the limit screen with the suggested limit', async () => {
    selectCard(history);
    renderApp('/home/details/history');
    const noLimit = await rowOf('LOJA 50');
    expect(within(noLimit).getByText(/^Limite insuficiente/)).toBeTruthy();
    // 2.335,00 available, 3.000,00 declined: 665,00 was missing → 3.000,00 available, already a round R$ 100.
    const fix = await within(noLimit).findByRole('link', {
      name: /^Aumentar limite disponível para R\$\s3\.000,00$/,
    });
    expect(fix.getAttribute('href')).toBe('/home/details/limit?sugerido=3000.00');

    const password = await rowOf('LOJA 40');
    expect(within(password).getByText(/^Senha incorreta/)).toBeTruthy();
    expect(within(password).queryByRole('link')).toBeNull();
    // The card is active now: nothing to unblock.
    const blocked = await rowOf('LOJA 30');
    expect(within(blocked).getByText(/^Cartão bloqueado/)).toBeTruthy();
    expect(within(blocked).queryByRole('link')).toBeNull();
    expect(within(await rowOf('LOJA 20')).getByText('Motivo informado pela bandeira: SUSPEITA DE FRAUDE')).toBeTruthy();

    fireEvent.click(fix);
    await waitFor(() =>
      expect((screen.getByLabelText(/Novo limite disponível/) as HTMLInputElement).value).toBe('3.000,00'),
    );
    expect(screen.getByText(/Sugestão a partir de uma compra negada: R\$ 3.000,00/)).toBeTruthy();
  });

  it('offers the unblock for a card blocked now, and no fix at all for a permanently blocked one', async () => {
    selectCard({ ...history, consultCard: { ...consultActive, status: 'Blocked' } });
    const view = renderApp('/home/details/history');
    const link = await within(await rowOf('LOJA 30')).findByRole('link', { name: 'Desbloquear cartão' });
    expect(link.getAttribute('href')).toBe('/home/details/block');
    view.unmount();

    const api = selectCard({ ...history, consultCard: { activeFlag: 'N', blockCode: null, status: 'Blocked' } });
    renderApp('/home/details/history');
    const table = await screen.findByRole('table', { name: 'Histórico de autorizações' });
    await waitFor(() => expect(api).toHaveBeenCalledWith('consultCard', expect.anything()));
    // Let the consult's answer render before looking for the links it would have allowed.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(within(table).getByText(/^Limite insuficiente/)).toBeTruthy();
    expect(within(table).queryByRole('link')).toBeNull();
  });

  it('offers the password unlock when the card’s password is locked now', async () => {
    selectCard({ ...history, consultCard: { ...consultActive, passwordBlocked: true } });
    renderApp('/home/details/history');
    const link = await within(await rowOf('LOJA 40')).findByRole('link', { name: 'Desbloquear senha' });
    expect(link.getAttribute('href')).toBe('/home/details/unlock');
  });

  it('the limit screen ignores a suggestion that is not a positive amount', async () => {
    for (const bad of ['abc', '-100.00', '0.00', '1.300,00']) {
      selectCard();
      const view = renderApp(`/home/details/limit?sugerido=${encodeURIComponent(bad)}`);
      const input = (await screen.findByLabelText(/Novo limite disponível/)) as HTMLInputElement;
      expect(input.value).toBe('');
      expect(screen.queryByText(/Sugestão a partir/)).toBeNull();
      view.unmount();
    }
  });
});
