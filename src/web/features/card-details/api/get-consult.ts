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
  });

export const useConsult = (card: SelectedCard) => useQuery(consultQuery(card));

/** Spec section 4: activeFlag N, or activeFlag S together with a block code, is a permanently blocked card. */
export const isPermanentlyBlocked = (consult: Pick<BrowserResponseOf<'consultCard'>, 'activeFlag' | 'blockCode'>) =>
  consult.activeFlag === 'N' || Boolean(consult.blockCode?.trim());
