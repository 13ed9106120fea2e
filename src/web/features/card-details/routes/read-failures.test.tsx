// A card screen's read that fails is said once, in place, in the screen's own words (the spec's, where it quotes
// one); when the network or the server failed, with "Tentar novamente", which reads it again (issue 27, decision
// 142). A refusal of the request itself is said without it: asking again would get the same answer.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../contracts/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { ApiError, TIMEOUT_CODE } from '../../../lib/transport/index.ts';
import { card, consultActive, UUID } from '../../../test/card-fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { selectCard, warmRoutes } from '../../../test/setup-card.ts';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));

beforeAll(warmRoutes, 60_000);

const timeout = () => new ApiError(0, messages.proxy.timeout, TIMEOUT_CODE);
const unavailable = () => new ApiError(503, messages.proxy.upstream);
const retry = (alert: HTMLElement) => within(alert).getByRole('button', { name: 'Tentar novamente' });
const alertsWith = (text: string) => screen.queryAllByText(text, { selector: '[role="alert"] *, [role="alert"]' });

/** The first `failures` calls of an endpoint fail with `error`, then `answer`. */
function failing(failures: number, error: () => ApiError, answer: unknown) {
  let calls = 0;
  return () => (++calls <= failures ? error() : answer);
}

describe("a card screen's failed read", () => {
  it.each([
    [
      'block',
      'Bloqueio / Desbloqueio',
      'No momento seu cartão não está disponível para desativação.',
      'Bloquear cartão',
    ],
    ['unlock', 'Desbloqueio de senha', 'Ocorreu um erro ao desbloquear a senha do cartão.', 'Desbloquear senha'],
  ])(
    '%s: the spec text once, no frame alert, and "Tentar novamente" reads again',
    async (path, _title, text, ready) => {
      const api = selectCard({ consultCard: failing(1, timeout, consultActive) });
      renderApp(`/home/details/${path}`);
      await waitFor(() => expect(alertsWith(text)).toHaveLength(1));
      expect(screen.queryByTestId('failure-alert')).toBeNull();
      fireEvent.click(retry(screen.getByRole('alert')));
      expect(await screen.findByRole('button', { name: ready })).toBeTruthy();
      expect(api.mock.calls.filter(([name]) => name === 'consultCard')).toHaveLength(2);
    },
  );

  it('limit: one message for one failed read (not the frame alert as well), and asking again shows the form', async () => {
    selectCard({ consultCard: failing(1, unavailable, consultActive) });
    renderApp('/home/details/limit');
    await waitFor(() => expect(alertsWith('Ocorreu um erro ao alterar o limite!')).toHaveLength(1));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByTestId('failure-alert')).toBeNull();
    fireEvent.click(retry(screen.getByRole('alert')));
    expect(await screen.findByLabelText(/Novo limite disponível/)).toBeTruthy();
  });

  it('second copy: the emboss read that timed out, read again', async () => {
    selectCard({ embossData: failing(1, timeout, { embossName: 'RENATA TEIXEIRA', indVisualDeficiency: 'N' }) });
    renderApp('/home/details/request2nd');
    const text = 'No momento não foi possivel solicítar a seguda via do cartão.';
    await waitFor(() => expect(alertsWith(text)).toHaveLength(1));
    fireEvent.click(retry(screen.getByRole('alert')));
    expect(await screen.findByText('RENATA TEIXEIRA')).toBeTruthy();
  });

  it('the holder read that failed on the server is said above the header with "Tentar novamente"', async () => {
    selectCard({ holder: failing(1, unavailable, undefined) });
    renderApp('/home/details');
    await waitFor(() => expect(alertsWith(messages.generic.unexpected)).toHaveLength(1));
    const alert = screen.getByRole('alert');
    expect(retry(alert)).toBeTruthy();
  });

  it('a refusal (4xx) is said without "Tentar novamente"', async () => {
    selectCard({ consultCard: () => new ApiError(404, 'Cartão não encontrado.') });
    renderApp('/home/details/block');
    await waitFor(() =>
      expect(alertsWith('No momento seu cartão não está disponível para desativação.')).toHaveLength(1),
    );
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
  });

  it('a card\'s address opened when the card could not be read: said with "Tentar novamente", which opens it', async () => {
    selectCard({ cardsOfAccount: failing(1, timeout, { cardsResult: [card] }) });
    useAppStore.getState().setCurrentAccount(null);
    useAppStore.getState().setCurrentCard(null);
    useAppStore.setState({ selectedAccount: null });
    renderApp(`/home/details/${UUID}`);
    await waitFor(() => expect(alertsWith(messages.generic.unexpected)).toHaveLength(1));
    fireEvent.click(retry(screen.getByRole('alert')));
    expect(await screen.findByRole('region', { name: 'Resumo do cartão' })).toBeTruthy();
  });
});
