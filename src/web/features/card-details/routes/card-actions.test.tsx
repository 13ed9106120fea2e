import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FLASH_DURATION_MS, messages } from '../../../../contracts/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { ApiError } from '../../../lib/transport/index.ts';
import { card, holder, UUID } from '../../../test/card-fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { selectCard, warmRoutes } from '../../../test/setup-card.ts';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));

beforeAll(warmRoutes, 60_000);

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const alertWith = (text: string) => screen.findByText(text, { selector: '[role="alert"] *, [role="alert"]' });

describe('summary panel and card image', () => {
  it('shows name, formatted CPF, masked digits, modality, status, limit and used amount', async () => {
    selectCard();
    renderApp('/home/details');
    const summary = await screen.findByRole('region', { name: 'Resumo do cartão' });
    const s = within(summary);
    expect(s.getByText('282.894.467-05')).toBeTruthy();
    expect(s.getByText('•••• 5681')).toBeTruthy();
    expect(s.getByText('Ativo')).toBeTruthy();
    expect(await s.findByText('Crédito corporativo — Cartão Verde')).toBeTruthy();
    expect(await s.findByText('R$ 2.500,00')).toBeTruthy();
    expect(s.getByText('R$ 165,00')).toBeTruthy();
    expect(s.getByText('R$ 2.335,00')).toBeTruthy();
    expect(s.getByRole('progressbar', { name: 'Limite utilizado' }).getAttribute('aria-valuenow')).toBe('6.6');
    expect(s.getByRole('img', { name: /Cartão Verde, final 5681/ }).getAttribute('data-product')).toBe('green');
    // The card's tab menu shows for the selected card (its one navigation, decision 124).
    expect(screen.getAllByRole('navigation', { name: 'Abas do cartão' }).length).toBeGreaterThan(0);
  });

  it('a black card (logo 2) is drawn black; without a selected card the screen says how to pick one', async () => {
    selectCard({ cardsOfAccount: { cardsResult: [{ ...card, logo: 2, numLogo: 2 }] } });
    useAppStore.getState().setCurrentCard({ cardsResult: [{ ...card, logo: 2 }] });
    const view = renderApp('/home/details');
    const image = await screen.findByRole('img', { name: /Cartão Black/ });
    expect(image.getAttribute('data-product')).toBe('black');
    view.unmount();
    useAppStore.getState().setCurrentAccount(null);
    renderApp('/home/details');
    expect(
      await screen.findByText('Selecione um cartão na lista de Cartões da empresa para ver os detalhes.'),
    ).toBeTruthy();
  });

  it("a holder the provider does not find: 'Dados do portador não encontrado!'", async () => {
    selectCard({ holder: () => new ApiError(404, 'Dados do portador não encontrado!') });
    renderApp('/home/details');
    expect(await screen.findByText('Dados do portador não encontrado!')).toBeTruthy();
  });
});

describe('block and unblock', () => {
  it('needs a reason, then blocks with it and says so', async () => {
    const api = selectCard();
    renderApp('/home/details/block');
    click(await screen.findByRole('button', { name: 'Bloquear cartão' }).then((b) => b.textContent ?? ''));
    expect(await alertWith('Por favor selecione o motivo da desativação do cartão.')).toBeTruthy();
    expect(api).not.toHaveBeenCalledWith('blockCard', expect.anything());
    for (const label of ['Perda', 'Roubo', 'Bloqueio temporário', 'Outros'])
      expect(screen.getByLabelText(label)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Roubo'));
    click('Bloquear cartão');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar bloqueio' })); // decision 082
    expect(await screen.findByText('Cartão desativado com sucesso!')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('blockCard', {
      params: { uuid: UUID },
      body: { last4digits: '5681', blockingReason: 'R', descriptionOccurrence: '' },
    });
  });

  it('a refused block shows the spec text and the reason', async () => {
    selectCard({ blockCard: () => new ApiError(409, 'O cartão já está bloqueado.', 'CARD_ALREADY_BLOCKED') });
    renderApp('/home/details/block');
    fireEvent.click(await screen.findByLabelText('Perda'));
    click('Bloquear cartão');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar bloqueio' })); // decision 082
    expect(await screen.findByText('No momento seu cartão não está disponível para desativação.')).toBeTruthy();
    expect(await alertWith('O cartão já está bloqueado.')).toBeTruthy();
  });

  it('a blocked card is unblocked only after the confirmation', async () => {
    const api = selectCard({
      consultCard: { activeFlag: 'S', blockCode: null, status: 'Blocked' },
      cardsOfAccount: { cardsResult: [{ ...card, status: 'Blocked', blockCode: 'BE', cardStatus: 'inactive' }] },
    });
    useAppStore.getState().setCurrentCard({ cardsResult: [{ ...card, status: 'Blocked', blockCode: 'BE' }] });
    renderApp('/home/details/block');
    expect(await screen.findByText('O cartão está bloqueado. Motivo do bloqueio: Bloqueio temporário.')).toBeTruthy();
    click('Desbloquear cartão');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Tem certeza que deseja desbloquear o cartão final 5681?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api).not.toHaveBeenCalledWith('activateCard', expect.anything());
    click('Desbloquear cartão');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Cartão ativado com sucesso!')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('activateCard', {
      params: { uuid: UUID },
      body: { last4digits: '5681', action: 'A' },
    });
  });

  it('an unblock refused: the activation failure text', async () => {
    selectCard({
      consultCard: { activeFlag: 'S', blockCode: null, status: 'Blocked' },
      activateCard: () => new ApiError(409, 'O cartão não está bloqueado.', 'CARD_NOT_BLOCKED'),
    });
    renderApp('/home/details/block');
    click(await screen.findByRole('button', { name: 'Desbloquear cartão' }).then((b) => b.textContent ?? ''));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('No momento seu cartão não está disponível para ativação.')).toBeTruthy();
  });

  it.each([
    ['activeFlag N', { activeFlag: 'N', blockCode: null, status: 'Blocked' }],
    ['activeFlag S with a block code', { activeFlag: 'S', blockCode: 'O', status: 'Blocked' }],
  ])('a permanently blocked card (%s): block, unlock and limit are unavailable', async (_, consult) => {
    const api = selectCard({ consultCard: consult });
    const view = renderApp('/home/details/block');
    expect(
      await screen.findByText(/bloqueado permanentemente\. Não é possível bloqueá-lo nem desbloqueá-lo/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bloquear cartão' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Desbloquear cartão' })).toBeNull();
    view.unmount();
    const unlock = renderApp('/home/details/unlock');
    expect(await screen.findByText(/O desbloqueio de senha não está disponível/)).toBeTruthy();
    unlock.unmount();
    renderApp('/home/details/limit');
    expect(await screen.findByText(/A gestão de limite não está disponível/)).toBeTruthy();
    expect(api).toHaveBeenCalledWith('consultCard', {
      params: { uuid: UUID },
      headers: { last4digits: '5681', product: '1' },
    });
  });
});

describe('second copy', () => {
  it('reads the emboss data first, needs a reason, then requests the copy', async () => {
    const api = selectCard({ embossData: { embossName: 'RENATA TEIXEIRA', indVisualDeficiency: 'S' } });
    renderApp('/home/details/request2nd');
    expect(await screen.findByText('RENATA TEIXEIRA')).toBeTruthy();
    expect(screen.getByText('Sim')).toBeTruthy();
    click('Solicitar 2ª Via');
    expect(await alertWith('É obrigatório preencher o motivo da Segunda Via!')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Perda'));
    click('Solicitar 2ª Via');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar 2ª via' })); // decision 082
    expect(await screen.findByText('Segunda via solicitada com sucesso!')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('embossData', { params: { uuid: UUID }, headers: { last4digits: '5681' } });
    expect(api).toHaveBeenCalledWith('secondCopy', {
      params: { uuid: UUID },
      body: {
        last4digits: '5681',
        reasonReissueCard: 'P',
        embossName: 'RENATA TEIXEIRA',
        deficiencyVisualdescription: 'S',
        line4Emboss: '',
      },
    });
  });

  it('a refusal: the spec failure text', async () => {
    selectCard({ secondCopy: () => new ApiError(409, 'A conta cartão está cancelada e não permite esta operação.') });
    renderApp('/home/details/request2nd');
    fireEvent.click(await screen.findByLabelText('Outros'));
    click('Solicitar 2ª Via');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar 2ª via' })); // decision 082
    expect(await screen.findByText('No momento não foi possivel solicítar a seguda via do cartão.')).toBeTruthy();
  });
});

describe('password unlock', () => {
  it('sends the holder CPF root zero-padded to 9 as userId', async () => {
    const api = selectCard();
    renderApp('/home/details/unlock');
    click(await screen.findByRole('button', { name: 'Desbloquear senha' }).then((b) => b.textContent ?? ''));
    expect(await screen.findByText('Senha desbloqueada com sucesso!')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('passwordReset', {
      params: { uuid: UUID },
      body: { last4digits: '5681', userId: '282894467' },
    });
  });

  it('a failure: the spec failure text', async () => {
    selectCard({ passwordReset: () => new ApiError(500, 'x') });
    renderApp('/home/details/unlock');
    click(await screen.findByRole('button', { name: 'Desbloquear senha' }).then((b) => b.textContent ?? ''));
    expect(await screen.findByText('Ocorreu um erro ao desbloquear a senha do cartão.')).toBeTruthy();
  });
});

describe('cancel', () => {
  it('asks for a confirmation, cancels, and returns to /home', async () => {
    const api = selectCard();
    const { router } = renderApp('/home/details/cancel');
    click(await screen.findByRole('button', { name: 'Cancelar conta cartão' }).then((b) => b.textContent ?? ''));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Tem certeza que deseja cancelar a conta cartão de Renata Soares Teixeira?'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sim, cancelar' }));
    expect(await screen.findByText('Conta Cartão cancelada com sucesso!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(api).toHaveBeenCalledWith('blockAccount', { params: { uuid: UUID }, body: { last4Digits: '5681' } });
  });

  it('an account already CANCELADA shows a message instead; a failure shows the spec text', async () => {
    selectCard({ holder: { ...holder, accountStatusDescription: 'CANCELADA' } });
    const view = renderApp('/home/details/cancel');
    expect(await screen.findByText('Esta conta cartão já está cancelada. Não há nada a cancelar.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar conta cartão' })).toBeNull();
    view.unmount();
    selectCard({ blockAccount: () => new ApiError(409, 'Esta conta cartão já está cancelada.', 'ALREADY_CANCELLED') });
    renderApp('/home/details/cancel');
    click(await screen.findByRole('button', { name: 'Cancelar conta cartão' }).then((b) => b.textContent ?? ''));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sim, cancelar' }));
    expect(await screen.findByText('Ocorreu um erro ao cancelar o cartão!')).toBeTruthy();
  });
});

/** The confirmation every limit change asks for: its 'Confirmar alteração' clicked. */
async function confirmLimit() {
  const dialog = await screen.findByRole('dialog', { name: messages.limit.confirmTitle });
  fireEvent.click(within(dialog).getByRole('button', { name: messages.limit.confirm }));
}

describe('limit', () => {
  it('asks before changing: atual → novo, a cut said as one, Cancelar focused and sending nothing', async () => {
    const api = selectCard({
      readLimit: { availableLimit: 8000, creditLimit: 8500, availableCreditLimitUsed: 500 },
    });
    renderApp('/home/details/limit');
    fireEvent.change(await screen.findByLabelText(/Novo limite disponível/), { target: { value: '290050' } });
    click('Alterar limite');
    const dialog = await screen.findByRole('dialog', { name: messages.limit.confirmTitle });
    expect(within(dialog).getByText(messages.limit.confirmText('5681'))).toBeTruthy();
    expect(within(dialog).getByTestId('limit-current').textContent).toBe('R$\u00a08.000,00');
    expect(within(dialog).getByTestId('limit-next').textContent).toBe('R$\u00a02.900,50');
    expect(within(dialog).getByText(/^Redução de R\$\s5\.099,50 no limite disponível\.$/)).toBeTruthy();
    const cancel = within(dialog).getByRole('button', { name: messages.limit.cancel });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    fireEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api).not.toHaveBeenCalledWith('changeLimit', expect.anything());
  });

  it('reads the limit, types money as cents and changes the available limit', async () => {
    const api = selectCard({
      changeLimit: { availableLimit: 1500, creditLimit: 2500, availableCreditLimitUsed: 1000 },
    });
    renderApp('/home/details/limit');
    const input = await screen.findByLabelText(/Novo limite disponível/);
    click('Alterar limite');
    expect(await alertWith('Informe um novo limite disponível maior que zero.')).toBeTruthy();
    for (const [typed, shown] of [
      ['1', '0,01'],
      ['0,015', '0,15'],
      ['0,150', '1,50'],
      ['1,500', '15,00'],
      ['15,000', '150,00'],
      ['150,000', '1.500,00'],
    ]) {
      fireEvent.change(input, { target: { value: typed } });
      expect((input as HTMLInputElement).value).toBe(shown);
    }
    click('Alterar limite');
    expect(api).not.toHaveBeenCalledWith('changeLimit', expect.anything());
    await confirmLimit();
    expect(await screen.findByText('Limite alterado com sucesso!')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('changeLimit', {
      params: { uuid: UUID },
      body: { availableLimit: 1500, last4digits: '5681', changeLimit: 'S' },
    });
  });

  it('the typed value is the new available limit: it shows the credit limit it makes, used included', async () => {
    const api = selectCard({
      readLimit: { availableLimit: 800, creditLimit: 1000, availableCreditLimitUsed: 200 },
      changeLimit: { availableLimit: 1000, creditLimit: 1200, availableCreditLimitUsed: 200 },
    });
    renderApp('/home/details/limit');
    const input = await screen.findByLabelText(/Novo limite disponível/);
    expect(screen.getByText(messages.limit.newLimitHint)).toBeTruthy();
    fireEvent.change(input, { target: { value: '100000' } });
    expect((input as HTMLInputElement).value).toBe('1.000,00');
    // With R$ 200,00 used, R$ 1.000,00 available means a credit limit of R$ 1.200,00.
    expect(screen.getByText(/^Limite de crédito após a alteração:/).textContent).toMatch(
      /^Limite de crédito após a alteração: R\$\s1\.200,00 \(R\$\s1\.000,00 disponíveis \+ R\$\s200,00 já utilizados\)\.$/,
    );
    click('Alterar limite');
    await confirmLimit();
    expect(await screen.findByText('Limite alterado com sucesso!')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('changeLimit', {
      params: { uuid: UUID },
      body: { availableLimit: 1000, last4digits: '5681', changeLimit: 'S' },
    });
  });

  it('a refusal shows the spec failure text and the reason', async () => {
    selectCard({
      changeLimit: () =>
        new ApiError(422, messages.cardApi.limitAboveRelationship('R$ 300,00'), 'LIMIT_ABOVE_RELATIONSHIP'),
    });
    renderApp('/home/details/limit');
    fireEvent.change(await screen.findByLabelText(/Novo limite disponível/), { target: { value: '999999' } });
    click('Alterar limite');
    await confirmLimit();
    expect(await screen.findByText('Ocorreu um erro ao alterar o limite!')).toBeTruthy();
    expect(await alertWith(messages.cardApi.limitAboveRelationship('R$ 300,00'))).toBeTruthy();
  });
});

describe('errors stay on screen', () => {
  it('a failed change stays with "Tentar novamente" past the 4-second flash; pressing it sends it again', async () => {
    let calls = 0;
    const api = selectCard({
      readLimit: { availableLimit: 800, creditLimit: 1000, availableCreditLimitUsed: 200 },
      changeLimit: () => {
        calls += 1;
        return calls === 1
          ? new ApiError(0, messages.proxy.upstream, 'NETWORK_ERROR')
          : { availableLimit: 1000, creditLimit: 1200, availableCreditLimitUsed: 200 };
      },
    });
    renderApp('/home/details/limit');
    fireEvent.change(await screen.findByLabelText(/Novo limite disponível/), { target: { value: '100000' } });
    click('Alterar limite');
    await confirmLimit();
    const alert = await screen.findByTestId('failure-alert');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(within(alert).getByText('Ocorreu um erro ao alterar o limite!')).toBeTruthy();
    // Still there after the spec's flash would have gone.
    await new Promise((resolve) => setTimeout(resolve, FLASH_DURATION_MS + 100));
    expect(screen.getByTestId('failure-alert')).toBe(alert);
    fireEvent.click(within(alert).getByRole('button', { name: messages.failure.retry }));
    expect(await screen.findByText('Limite alterado com sucesso!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('failure-alert')).toBeNull());
    expect(api.mock.calls.filter(([name]) => name === 'changeLimit')).toHaveLength(2);
  }, 30_000);
});
