import type { QueryClient } from '@tanstack/react-query';
import { commonMessages } from '../../contracts/common-messages.ts';
import { notify } from '../lib/notify/index.ts';
import { useAppStore } from '../lib/store/index.ts';
import { setUnauthorizedHandler } from '../lib/transport/index.ts';
import { paths } from './paths.ts';

interface Navigator {
  navigate: (to: string, options?: { replace?: boolean }) => unknown;
}

/** The one place a provider 401 lands: the session ends, the operator is told, and goes to /. */
export function installSessionHandlers(router: Navigator, queryClient: QueryClient): void {
  setUnauthorizedHandler(() => {
    if (!useAppStore.getState().authenticate.signedIn) return;
    useAppStore.getState().signOut();
    queryClient.clear();
    notify('info', commonMessages.generic.unauthenticated);
    void router.navigate(paths.login, { replace: true });
  });
}
