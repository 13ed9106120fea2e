import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/index.ts';

/** GET the operator's own factor: enrolled, required, when, recovery codes left (decision 091). */
export const getSecondFactorStatus = () => api.secondFactorStatus();

export const secondFactorStatusKey = ['secondFactorStatus'] as const;

/** Silent: the account screen and the step-up dialog say a failed read in their own place. */
export const secondFactorStatusQuery = () =>
  queryOptions({ queryKey: secondFactorStatusKey, queryFn: getSecondFactorStatus, meta: { silent: true } });

export const useSecondFactorStatus = () => useQuery(secondFactorStatusQuery());
