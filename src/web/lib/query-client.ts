// One place turns failures into notifications. A query or mutation that shows its own message inline (the
// sign-in screens) or must stay silent (the company list) says so with `meta: { silent: true }`.

import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { messages } from '../../contracts/index.ts';
import { notify } from './notify/index.ts';
import { isApiError } from './transport/index.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

export function notifyFailure(error: unknown): void {
  // A 401 already signed the operator out and said so.
  if (isApiError(error) && error.status === 401) return;
  notify('error', isApiError(error) ? error.message : messages.generic.unexpected);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) notifyFailure(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (!mutation.meta?.silent) notifyFailure(error);
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}
