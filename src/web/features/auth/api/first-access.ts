import { useMutation } from '@tanstack/react-query';
import type { RequestOf } from '../../../../contracts/contract.ts';
import { api } from '../../../api/index.ts';

export type FirstAccessInput = RequestOf<'firstAccess'>['body'];

/** PUT first access; the temporary token is the BFF's session cookie, which then opens the full session. */
export async function firstAccess(body: FirstAccessInput): Promise<void> {
  await api.firstAccess({ body });
}

export const useFirstAccess = () => useMutation({ mutationFn: firstAccess, meta: { silent: true } });
