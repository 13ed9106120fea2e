// A login answered with primeiroAcesso waits here, in memory, until the new password is set. The temporary token
// is the BFF's session cookie (decision 040), which the provider accepts only for the first access and sign-out.
// It is not a session: protected routes stay closed and nothing is persisted.

import { create } from 'zustand';
import type { Company } from '../../../contracts/index.ts';
import type { PendingFactor } from '../../lib/store/index.ts';

export interface PendingFirstAccess {
  login: string;
  usuario: string;
  companies: Company[];
  /** The second factor the login said is due once the password is set (decision 091); null when none. */
  factor?: PendingFactor | null;
}

export const usePendingFirstAccess = create<{
  pending: PendingFirstAccess | null;
  set: (pending: PendingFirstAccess | null) => void;
}>()((set) => ({ pending: null, set: (pending) => set({ pending }) }));
