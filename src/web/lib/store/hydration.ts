import { PERSIST_RESTORE_TIMEOUT_MS } from '../../../contracts/constants.ts';
import { useAppStore } from './app-store.ts';

/**
 * Resolves once the persisted state is restored, or after the restore time-out (spec: 5 s), whichever comes
 * first. localStorage restores synchronously, so this normally resolves at once; the time-out keeps a slow or
 * broken storage from holding the screen blank: the app then starts signed out.
 */
export function waitForHydration(timeoutMs = PERSIST_RESTORE_TIMEOUT_MS): Promise<'restored' | 'timeout'> {
  if (useAppStore.persist.hasHydrated()) return Promise.resolve('restored');
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe();
      resolve('timeout');
    }, timeoutMs);
    const unsubscribe = useAppStore.persist.onFinishHydration(() => {
      clearTimeout(timer);
      unsubscribe();
      resolve('restored');
    });
  });
}
