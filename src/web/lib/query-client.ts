// One place turns failures into notifications. A query or mutation that shows its own message inline (the
// sign-in screens) or must stay silent (the company list) says so with `meta: { silent: true }`.
// A read that failed because a service was down is asked again every few seconds while it is on screen
// (recovery.ts), so the screen recovers by itself; nothing is retried at once, so the failure text shows
// without delay and a user's action is never repeated.

import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { commonMessages } from '../../contracts/common-messages.ts';
import { isStepUpCancelled } from '../api/step-up.ts';
import { clearFailure, type NotifyOptions, notify } from './notify/index.ts';
import { isTransientFailure, recoveryInterval } from './recovery.ts';
import { isApiError, STARTUP_FAILED_CODE } from './transport/index.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** A failure something else already says, or that is no failure: no screen says it again. */
export function saidElsewhere(error: unknown): boolean {
  // A 401 already signed the operator out and said so.
  if (isApiError(error) && error.status === 401) return true;
  // The start-up alert already says it, on every screen, until the device registers (docs/decisions/045).
  if (isApiError(error) && error.code === STARTUP_FAILED_CODE) return true;
  // The operator cancelled the step-up dialog themselves: nothing changed, and nothing went wrong (decision 091).
  return isStepUpCancelled(error);
}

/** Says a failure on screen, in the error's own words or in `message` when the screen has a text of its own for it. */
export function notifyFailure(error: unknown, options: NotifyOptions = {}, message?: string): void {
  if (saidElsewhere(error)) return;
  notify('error', message ?? (isApiError(error) ? error.message : commonMessages.generic.unexpected), options);
}

export function createQueryClient(): QueryClient {
  // Reads polled back after a transient failure (recovery.ts): their outage is announced once, not at every poll.
  const failing = new Set<string>();
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const transient = isTransientFailure(error);
        const announced = transient && failing.has(query.queryHash);
        if (transient) failing.add(query.queryHash);
        else failing.delete(query.queryHash);
        // Read again from the error's own "Tentar novamente" (a new failure says itself again); a success clears it.
        const options = { retry: () => query.fetch().catch(() => undefined), source: query.queryHash };
        if (!query.meta?.silent && !announced) notifyFailure(error, options);
      },
      onSuccess: (_data, query) => {
        failing.delete(query.queryHash);
        clearFailure(query.queryHash);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, variables, _ctx, mutation) => {
        // The operator's own action, asked again only when they press "Tentar novamente".
        if (!mutation.meta?.silent)
          notifyFailure(error, { retry: () => mutation.execute(variables).catch(() => undefined) });
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000, refetchInterval: recoveryInterval },
      mutations: { retry: false },
    },
  });
}
