// A login answered with primeiroAcesso: the temporary token waits here, in memory, until the new password is
// set. It is not a session: protected routes stay closed and nothing is persisted.

import { create } from 'zustand';
import type { Company } from '../../../contracts/index.ts';

export interface PendingFirstAccess {
  login: string;
  usuario: string;
  token: string;
  companies: Company[];
}

export const usePendingFirstAccess = create<{
  pending: PendingFirstAccess | null;
  set: (pending: PendingFirstAccess | null) => void;
}>()((set) => ({ pending: null, set: (pending) => set({ pending }) }));
