// Impact preview (issue 18.3) on the screens: the confirmation of a block, a cancel and a 2ª via shows what changes
// for the card, loads inside the dialog, and never holds the confirmation back when the preview fails.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CardImpact } from '../../../../contracts/impact.ts';
import { ApiError } from '../../../lib/transport/index.ts';
import { impact, UUID } from '../../../test/card-fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { selectCard, warmRoutes } from '../../../test/setup-card.ts';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));

beforeAll(warmRoutes, 60_000);

/** A promise the test settles: the preview stays loading until then. */
function later<T>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

const panelOf = async () => screen.findByRole('region', { name: 'O que muda para este cartão' });

describe('impact preview inside the confirmation', () => {
  it('block: loads in the dialog, then the pending authorizations, the invoices and no limit returning', async () => {
    const pending = later<CardImpact>();
    const api = selectCard({ cardImpact: () => pending.promise });
    renderApp('/home/details/block');
    fireEvent.click(await screen.findByLabelText('Roubo'));
    fireEvent.click(screen.getByRole('button', { name: 'Bloquear cartão' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bloquear cartão' });
    expect(within(dialog).getByText('Confirma o bloqueio do cartão final 5681? Motivo: Roubo.')).toBeTruthy();
    expect(within(dialog).getByRole('status', { name: 'Carregando o que muda para este cartão' })).toBeTruthy();
    // While the preview loads, the block can already be confirmed: a stolen card must never wait for a read.
    expect(within(dialog).getByRole('button', { name: 'Confirmar bloqueio' }).hasAttribute('disabled')).toBe(false);
    pending.settle(impact());

    const panel = within(await panelOf());
    expect(await panel.findByText('2 autorizações')).toBeTruthy();
    expect(panel.getByText('R$ 165,00')).toBeTruthy();
    expect(panel.getByText('Vence em 22/11/2026: 3 lançamentos')).toBeTruthy();
    expect(panel.getByText('R$ 1.000,50')).toBeTruthy();
    expect(panel.getByText('Vence em 22/12/2026: 2 lançamentos')).toBeTruthy();
    expect(panel.getByText('R$ 234,06')).toBeTruthy();
    expect(panel.getByText(/^Nenhum limite volta ao relacionamento/)).toBeTruthy();
    expect(panel.getByText('Nenhuma 2ª via a caminho.')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('cardImpact', {
      params: { uuid: UUID },
      headers: { last4digits: '5681' },
      query: { action: 'block' },
    });

    // Dismissed: nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api).not.toHaveBeenCalledWith('blockCard', expect.anything());

    fireEvent.click(screen.getByRole('button', { name: 'Bloquear cartão' }));
    await panelOf();
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar bloqueio' }));
    expect(await screen.findByText('Cartão desativado com sucesso!')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('blockCard', {
      params: { uuid: UUID },
      body: { last4digits: '5681', blockingReason: 'R', descriptionOccurrence: '' },
    });
  });

  it('cancel: the card’s limit returns to the relationship, with the free limit before and after', async () => {
    selectCard({
      cardImpact: impact({
        action: 'cancel',
        pendingAuthorizations: { count: 0, total: 0 },
        openInvoices: { scope: 'account', count: 0, total: 0, dueDates: [] },
        limit: { ...impact().limit, returnsToRelationship: 2500, relationshipFreeAfter: 42_500 },
      }),
    });
    renderApp('/home/details/cancel');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar conta cartão' }));
    const panel = within(await panelOf());
    const returns = (await panel.findByText('Volta ao relacionamento')).parentElement as HTMLElement;
    expect(within(returns).getByText('R$ 2.500,00')).toBeTruthy();
    const now = panel.getByText('Limite livre da empresa hoje').parentElement as HTMLElement;
    expect(within(now).getByText('R$ 40.000,00')).toBeTruthy();
    const after = panel.getByText('Limite livre da empresa depois').parentElement as HTMLElement;
    expect(within(after).getByText('R$ 42.500,00')).toBeTruthy();
    expect(panel.getByText('Nenhuma autorização aprovada aguardando fatura.')).toBeTruthy();
    expect(panel.getByText('Nenhum lançamento em fatura a vencer.')).toBeTruthy();
  });

  it('2ª via already on its way: its digits, when it was asked, when it arrives, and that a new one replaces it', async () => {
    selectCard({
      cardImpact: impact({
        action: 'secondCopy',
        secondCopy: {
          onItsWay: true,
          last4: '4321',
          requestedAt: '2026-11-20T15:00:00.000Z',
          expectedBy: '2026-12-05',
        },
      }),
    });
    renderApp('/home/details/request2nd');
    fireEvent.click(await screen.findByLabelText('Perda'));
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar 2ª Via' }));
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar 2ª Via' });
    expect(
      within(dialog).getByText('Confirma a solicitação de 2ª via do cartão final 5681? Motivo: Perda.'),
    ).toBeTruthy();
    const panel = within(await panelOf());
    expect(
      await panel.findByText('Uma 2ª via (final 4321) foi solicitada em 20/11/2026 e deve chegar até 05/12/2026.'),
    ).toBeTruthy();
    expect(panel.getByText('Uma nova solicitação substitui a 2ª via final 4321, que deixa de valer.')).toBeTruthy();
    expect(panel.getByText(/^Nenhum limite volta ao relacionamento: a 2ª via/)).toBeTruthy();
  });

  it('a preview that fails says so inside the dialog, and the operator can still confirm', async () => {
    const api = selectCard({ cardImpact: () => new ApiError(503, 'Serviço indisponível', 'UPSTREAM_UNAVAILABLE') });
    renderApp('/home/details/block');
    fireEvent.click(await screen.findByLabelText('Perda'));
    fireEvent.click(screen.getByRole('button', { name: 'Bloquear cartão' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Bloquear cartão' }));
    expect(
      await dialog.findByText(
        'Não foi possível carregar o que muda para este cartão. Você ainda pode confirmar; a operação segue as mesmas regras de sempre.',
      ),
    ).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Confirmar bloqueio' }));
    expect(await screen.findByText('Cartão desativado com sucesso!')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('blockCard', expect.anything());
  });
});
