import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useRestoreSession } from '../features/auth/index.ts';
import { selectIsSignedIn, useAppStore } from '../lib/store/index.ts';
import { paths } from './paths.ts';

/** Protected: without a signed-in user, go to / remembering where the operator was heading. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useAppStore(selectIsSignedIn);
  const location = useLocation();
  // After a reload: the operator's name and companies are read again (nothing personal was kept in storage).
  useRestoreSession();
  if (!signedIn) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return children;
}

/** The /home area works on a chosen company; without one, choose it first (the origin is kept). */
export function RequireCompany({ children }: { children: ReactNode }) {
  const hasCompany = useAppStore((s) => Boolean(s.company));
  const location = useLocation();
  if (!hasCompany) return <Navigate to={paths.chooseCompany} replace state={{ from: location }} />;
  return children;
}

/** Any path outside /home that is not listed: the login screen signed out, /home signed in. */
export function Fallback() {
  const signedIn = useAppStore(selectIsSignedIn);
  return <Navigate to={signedIn ? paths.home : paths.login} replace />;
}
