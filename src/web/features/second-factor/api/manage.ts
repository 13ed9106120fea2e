import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/index.ts';
import { secondFactorStatusKey } from './status.ts';

/** DELETE the operator's own factor (asks the step-up first); refused when the profile or company requires it. */
export const disableSecondFactor = () => api.secondFactorDisable();

/** POST: 10 new recovery codes, the old ones stop working (asks the step-up first). */
export const newRecoveryCodes = async () => (await api.secondFactorRecoveryCodes()).codigosRecuperacao;

/** Refusals are notified by the one handler (query-client.ts); a cancelled step-up is not one. */
export function useDisableSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableSecondFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorStatusKey }),
  });
}

export function useNewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: newRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorStatusKey }),
  });
}
