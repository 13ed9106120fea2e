// The card's spending controls screen (issue 30): whose controls the card follows, a change shown atual → novo with
// its 30-day preview and confirmed before it is sent, and the demo's purchase whose decline names the control.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { OPEN_CONTROLS } from '../../../../contracts/spending-controls.ts';
import { ApiError } from '../../../lib/transport/index.ts';
import { UUID } from '../../../test/card-fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { selectCard, warmRoutes } from '../../../test/setup-card.ts';
import { itemTexts, rowTexts } from '../../../test/texts.ts';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));

beforeAll(async () => {
  await warmRoutes();
  await import('./controls.tsx');
}, 60_000);

const companyDefault = { ...OPEN_CONTROLS, blockedGroups: ['apostas'] as const };

describe('the card’s spending controls', () => {
  it('shows the company default it follows, and saves its own after showing what changes and what it would decline', async () => {
    const api = selectCard({
      cardControls: { source: 'company', controls: companyDefault, companyDefault },
      cardControlsImpact: {
        approved: 12,
        wouldDecline: 3,
        byControl: [
          { code: 'GROUP_BLOCKED', count: 2 },
          { code: 'OVER_DAILY', count: 1 },
        ],
      },
      changeCardControls: { source: 'card', controls: companyDefault, companyDefault },
    });
    renderApp('/home/details/controls');
    expect(await screen.findByText('Este cartão segue os controles padrão da empresa.')).toBeTruthy();
    expect((screen.getByLabelText('Jogos e apostas') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Combustível'));
    fireEvent.click(screen.getByLabelText('Compras internacionais'));
    // Money typed as cents, like every money field: '15000' is R$ 150,00.
    fireEvent.change(screen.getByLabelText('Máximo por compra'), { target: { value: '15000' } });
    expect((screen.getByLabelText('Máximo por compra') as HTMLInputElement).value).toBe('150,00');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar controles' }));

    const dialog = await screen.findByRole('dialog', { name: 'Salvar os controles de gasto?' });
    expect(rowTexts(dialog)).toEqual([
      'Controlespadrão da empresado cartão',
      'Categorias bloqueadasJogos e apostasCombustível, Jogos e apostas',
      'Compras internacionaispermitidasbloqueadas',
      'Máximo por comprasem limiteR$ 150,00',
    ]);
    expect(
      within(dialog).getByText('3 das 12 compras aprovadas nos últimos 30 dias seriam negadas com estes controles.'),
    ).toBeTruthy();
    expect(itemTexts(dialog, 'Negadas por controle')).toEqual([
      'Categoria bloqueada: 2 compras',
      'Máximo por dia: 1 compra',
    ]);
    expect(api).not.toHaveBeenCalledWith('changeCardControls', expect.anything());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Controles de gasto salvos.')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('changeCardControls', {
      params: { uuid: UUID },
      body: {
        last4digits: '5681',
        controls: {
          ...OPEN_CONTROLS,
          blockedGroups: ['combustivel', 'apostas'],
          international: false,
          maxPerPurchase: 150,
        },
      },
    });
  });

  it('keeps what was typed and says why when the provider refuses', async () => {
    selectCard({
      cardControls: { source: 'none', controls: OPEN_CONTROLS, companyDefault: null },
      cardControlsImpact: { approved: 0, wouldDecline: 0, byControl: [] },
      changeCardControls: () => new ApiError(409, 'Cartão bloqueado definitivamente.', 'PERMANENTLY_BLOCKED'),
    });
    renderApp('/home/details/controls');
    fireEvent.click(await screen.findByLabelText('Compras on-line'));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar controles' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Nenhuma das 0 compras aprovadas nos últimos 30 dias seria negada com estes controles.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Cartão bloqueado definitivamente.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText('Compras on-line') as HTMLInputElement).checked).toBe(false);
  });

  it('simulates a purchase; a decline by a control names it and leads to the controls', async () => {
    const api = selectCard({
      cardControls: { source: 'card', controls: companyDefault, companyDefault: null },
      simulatePurchase: {
        requestId: 'simulacao-1',
        approved: false,
        code: 'GROUP_BLOCKED',
        message: 'Categoria bloqueada nos controles de gasto: Jogos e apostas.',
        authorizationNumber: '123456',
      },
    });
    renderApp('/home/details/controls');
    const select = await screen.findByLabelText('Categoria do estabelecimento');
    fireEvent.change(select, { target: { value: 'apostas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simular' }));
    const answer = await screen.findByRole('status');
    expect(within(answer).getByText('Compra negada')).toBeTruthy();
    expect(within(answer).getByText('Categoria bloqueada nos controles de gasto: Jogos e apostas.')).toBeTruthy();
    expect(within(answer).getByRole('link', { name: 'Mudar este controle' }).getAttribute('href')).toBe(
      '#controles-do-cartao',
    );
    expect(api).toHaveBeenCalledWith('simulatePurchase', {
      params: { uuid: UUID },
      body: {
        last4digits: '5681',
        amount: 100,
        merchantName: 'LOJA DE DEMONSTRACAO',
        mcc: 7995,
        merchantCountry: 'BR',
        channel: 'PRESENCIAL',
      },
    });
  });
});
