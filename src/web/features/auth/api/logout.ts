import { api } from '../../../api/index.ts';

/** Ends the provider session; the BFF clears its session cookie with the answer (decision 040). */
export const logout = () => api.logout();
