import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logout } from '../../features/auth/index.ts';
import { useAppStore } from '../../lib/store/index.ts';
import { paths } from '../paths.ts';

/** 'Sair': tells the provider, clears the session at once, and replaces the history entry with /. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => {
    const token = useAppStore.getState().authenticate.token;
    if (token) logout(token).catch(() => undefined);
    useAppStore.getState().signOut();
    queryClient.clear();
    navigate(paths.login, { replace: true });
  };
}
