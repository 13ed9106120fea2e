// The query client's recovery behaviour, driven through TanStack Query's own observers with fake timers.
import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearFailure, notify } from './notify/index.ts';
import { createQueryClient } from './query-client.ts';
import { RECOVERY_INTERVAL_MS } from './recovery.ts';
import { ApiError, NETWORK_ERROR_CODE } from './transport/index.ts';

vi.mock('./notify/index.ts', () => ({ notify: vi.fn(), clearFailure: vi.fn() }));

const DOWN = 'Serviço indisponível no momento. Tente novamente em instantes.';
const providerDown = () => new ApiError(502, DOWN, 'UPSTREAM_UNAVAILABLE');

/** A read that answers with the outcomes given, in order, and then keeps the last one. */
function scripted(...outcomes: Array<Error | string>) {
  let call = 0;
  return vi.fn(async () => {
    const outcome = outcomes[Math.min(call++, outcomes.length - 1)]!;
    if (outcome instanceof Error) throw outcome;
    return outcome;
  });
}

/** Puts a read on screen (an observer with a listener) and returns it with a way to take it off. */
function onScreen(queryFn: () => Promise<string>, meta: { silent?: boolean } = { silent: true }) {
  const client = createQueryClient();
  const observer = new QueryObserver(client, { queryKey: ['invoice'], queryFn, meta });
  const unsubscribe = observer.subscribe(() => undefined);
  return { client, observer, unsubscribe };
}

const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('query client: reads recover by themselves', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(notify).mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the failure at once, asks again while the provider is down, and stops once it answers', async () => {
    const queryFn = scripted(providerDown(), providerDown(), 'fatura');
    const { observer, unsubscribe } = onScreen(queryFn);
    await wait(0);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'error', error: { status: 502 } });
    expect(queryFn).toHaveBeenCalledTimes(1);

    await wait(RECOVERY_INTERVAL_MS);
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(observer.getCurrentResult().status).toBe('error');

    await wait(RECOVERY_INTERVAL_MS);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: 'fatura' });

    await wait(RECOVERY_INTERVAL_MS * 3);
    expect(queryFn).toHaveBeenCalledTimes(3);
    unsubscribe();
  });

  it('recovers from an unreachable BFF the same way', async () => {
    const queryFn = scripted(new ApiError(0, DOWN, NETWORK_ERROR_CODE), 'fatura');
    const { observer, unsubscribe } = onScreen(queryFn);
    await wait(0);
    expect(observer.getCurrentResult().status).toBe('error');
    await wait(RECOVERY_INTERVAL_MS);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: 'fatura' });
    unsubscribe();
  });

  it('never repeats a refusal the request caused (4xx)', async () => {
    const queryFn = scripted(new ApiError(404, 'Fatura indisponível', 'INVOICE_NOT_FOUND'), 'fatura');
    const { observer, unsubscribe } = onScreen(queryFn);
    await wait(RECOVERY_INTERVAL_MS * 4);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'error', error: { status: 404 } });
    unsubscribe();
  });

  it('stops asking once the screen is left', async () => {
    const queryFn = scripted(providerDown());
    const { unsubscribe } = onScreen(queryFn);
    await wait(RECOVERY_INTERVAL_MS);
    expect(queryFn).toHaveBeenCalledTimes(2);
    unsubscribe();
    await wait(RECOVERY_INTERVAL_MS * 4);
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('announces an outage once, not at every attempt, and a later outage again', async () => {
    const queryFn = scripted(providerDown(), providerDown(), providerDown(), 'fatura', providerDown());
    const { client, observer, unsubscribe } = onScreen(queryFn, {});
    await wait(RECOVERY_INTERVAL_MS * 3);
    expect(observer.getCurrentResult().data).toBe('fatura');
    const said = () => vi.mocked(notify).mock.calls.map(([type, message]) => [type, message]);
    expect(said()).toEqual([['error', DOWN]]);
    // The error on screen belongs to this read: its success takes it away.
    const source = vi.mocked(notify).mock.calls[0]?.[2]?.source;
    expect(source).toBeTruthy();
    expect(vi.mocked(clearFailure)).toHaveBeenCalledWith(source);

    await client.invalidateQueries({ queryKey: ['invoice'] });
    expect(observer.getCurrentResult().status).toBe('error');
    expect(said()).toEqual([
      ['error', DOWN],
      ['error', DOWN],
    ]);
    unsubscribe();
  });

  it('"Tentar novamente" of a failed read reads it again, at once', async () => {
    const queryFn = scripted(new ApiError(404, 'Fatura indisponível', 'INVOICE_NOT_FOUND'), 'fatura');
    const { observer, unsubscribe } = onScreen(queryFn, {});
    await wait(0);
    const retry = vi.mocked(notify).mock.calls[0]?.[2]?.retry;
    expect(retry).toBeTypeOf('function');
    await retry?.();
    await wait(0);
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: 'fatura' });
    unsubscribe();
  });

  it('never repeats a user action, even when the provider was down', async () => {
    const mutationFn = vi.fn(async () => {
      throw providerDown();
    });
    const observer = new MutationObserver(createQueryClient(), { mutationFn, meta: { silent: true } });
    await expect(observer.mutate()).rejects.toMatchObject({ status: 502 });
    await wait(RECOVERY_INTERVAL_MS * 4);
    expect(mutationFn).toHaveBeenCalledTimes(1);
  });
});
