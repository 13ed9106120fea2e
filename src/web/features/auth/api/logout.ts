import { callApi } from '../../../lib/transport/index.ts';

/** Ends the provider session; the token is passed because the local session is cleared without waiting. */
export const logout = (token: string) => callApi('logout', { token });
