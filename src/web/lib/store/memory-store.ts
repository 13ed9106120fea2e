// State that must never reach browser storage: the environment, the server key, the session secrets and the
// device access token. The device registers again at every start, so nothing here needs to survive a reload,
// and secrets in localStorage would be readable by any script running on the page.

import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { Environment, type EnvironmentName, FID } from '../../../contracts/constants.ts';

export type StartupStatus = 'idle' | 'pending' | 'ready' | 'failed';

export interface MemoryState {
  environment: EnvironmentName;
  FID: string;
  crypto: { public: string | null; cipherAES: string | null; tokenAES: string | null };
  /**
   * The device access token (the BFF's accessToken), sent as Authorization to the BFF. The spec's `authententication`
   * (the operator's token) has no place here: the BFF keeps it in an HttpOnly cookie (decisions 040 and 104).
   */
  authorization: string | null;
  startup: StartupStatus;
}

export const initialMemoryState = (): MemoryState => ({
  environment: Environment.prod,
  FID,
  crypto: { public: null, cipherAES: null, tokenAES: null },
  authorization: null,
  startup: 'idle',
});

export const memoryStore = createStore<MemoryState>()(() => initialMemoryState());

export function useMemoryStore<T>(selector: (s: MemoryState) => T): T {
  return useStore(memoryStore, selector);
}
