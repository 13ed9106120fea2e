import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrowserResponseOf } from '../../../../contracts/contract.ts';
import { api } from '../../../api/index.ts';
import type { SelectedCard } from '../lib/selected-card.ts';
import { cardKey } from './keys.ts';

/** GET /v2/card/consult/{uuid}: activeFlag and the platform's block code. */
export const getConsult = ({ uuid, last4, product }: SelectedCard) =>
  api.consultCard({ params: { uuid }, headers: { last4digits: last4, product } });

export const consultQuery = (card: SelectedCard) =>
  queryOptions({
    queryKey: [...cardKey(card.uuid), 'consult', card.last4],
    queryFn: () => getConsult(card),
    staleTime: 0,
    // Every screen that reads it says its failure in place (block, unlock, limit) or needs it only for a fix (the
    // history's declines): one message for one failed read, not the frame's alert as well (decision 142).
    meta: { silent: true },
  });

export const useConsult = (card: SelectedCard) => useQuery(consultQuery(card));

/** Spec section 4: activeFlag N, or activeFlag S together with a block code, is a permanently blocked card. */
export const isPermanentlyBlocked = (consult: Pick<BrowserResponseOf<'consultCard'>, 'activeFlag' | 'blockCode'>) =>
  consult.activeFlag === 'N' || Boolean(consult.blockCode?.trim());
