import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../api/index.ts';
import { selectIsSignedIn, useAppStore } from '../../../lib/store/index.ts';

/** GET the signed-in operator's name and companies (decision 041); the BFF adds the bearer from its cookie. */
export const getSession = () => api.session();

export const sessionQuery = () =>
  queryOptions({
    queryKey: ['session'],
    queryFn: getSession,
    meta: { silent: true },
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The session's read while the store lacks the operator (after a reload); idle otherwise. */
function useSessionRead() {
  const signedIn = useAppStore(selectIsSignedIn);
  const missing = useAppStore((s) => s.authenticate.signedIn && !s.authenticate.user);
  return useQuery({ ...sessionQuery(), enabled: signedIn && missing });
}

/**
 * The session's read failed while the operator's profile is not known (issue 27, decision 142): its error and a way
 * to read it again, so a screen that waits for the profile says why instead of spinning. The read is polled back
 * while the failure is transient (recovery.ts); null while it answers or is not needed.
 */
export function useSessionReadFailure(): { error: unknown; retry: () => unknown } | null {
  const session = useSessionRead();
  const missing = useAppStore((s) => s.authenticate.signedIn && !s.authenticate.user);
  if (!missing || !session.isError) return null;
  return { error: session.error, retry: session.refetch };
}

/**
 * After a reload the store knows only that the operator is signed in: the name and companies are read again, and
 * whether the second factor is still due.
 * A 401 signs out through the one unauthorized handler (app/session.ts), as for any other call.
 */
export function useRestoreSession(): void {
  const session = useSessionRead();
  useEffect(() => {
    if (!session.data) return;
    const { usuario, login, companies, segundoFator } = session.data;
    // A session still waiting for its second factor (decision 091) stays pending: the guards send it to that step.
    useAppStore.getState().restoreUser({ usuario, login, companies }, segundoFator === 'NENHUM' ? null : segundoFator);
  }, [session.data]);
}
