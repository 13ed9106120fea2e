// Impact preview (issue 18.3): what a block, a cancel or a 2ª via changes for the card, read when the confirmation
// opens and never kept: each opening asks again, so the figures are those of the moment the operator confirms.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImpactAction } from '../../../../contracts/impact.ts';
import { api } from '../../../api/index.ts';
import { cardKey } from './keys.ts';

/** GET /v1/cards/impact/{uuid}?action=…: pending authorizations, open invoices, the limit, the 2ª via. */
export const getImpact = (uuid: string, last4: string, action: ImpactAction) =>
  api.cardImpact({ params: { uuid }, headers: { last4digits: last4 }, query: { action } });

export const impactQuery = (uuid: string, last4: string, action: ImpactAction) =>
  queryOptions({
    queryKey: [...cardKey(uuid), 'impact', last4, action],
    queryFn: () => getImpact(uuid, last4, action),
    staleTime: 0,
    gcTime: 0,
    meta: { silent: true },
  });

export const useImpact = (uuid: string, last4: string, action: ImpactAction) =>
  useQuery(impactQuery(uuid, last4, action));
