import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logout } from '../../features/auth/index.ts';
import { useAppStore } from '../../lib/store/index.ts';
import { paths } from '../paths.ts';

/**
 * 'Sair': tells the provider (the BFF drops its session cookie with the answer), clears the session and the query
 * cache at once, and replaces the history entry with /. Only the device identity stays in localStorage.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => {
    logout().catch(() => undefined);
    useAppStore.getState().signOut();
    queryClient.clear();
    navigate(paths.login, { replace: true });
  };
}
