import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CardConsult, cardConsult } from '../../../../contracts/index.ts';
import { callApi } from '../../../lib/transport/index.ts';
import type { SelectedCard } from '../lib/selected-card.ts';
import { cardKey } from './keys.ts';

/** GET /v2/card/consult/{uuid}: activeFlag and the platform's block code. */
export async function getConsult({ uuid, last4, product }: SelectedCard): Promise<CardConsult> {
  return cardConsult.parse(
    await callApi('consultCard', { params: { uuid }, headers: { last4digits: last4, product } }),
  );
}

export const consultQuery = (card: SelectedCard) =>
  queryOptions({
    queryKey: [...cardKey(card.uuid), 'consult', card.last4],
    queryFn: () => getConsult(card),
    staleTime: 0,
  });

export const useConsult = (card: SelectedCard) => useQuery(consultQuery(card));

/** Spec section 4: activeFlag N, or activeFlag S together with a block code, is a permanently blocked card. */
export const isPermanentlyBlocked = (consult: Pick<CardConsult, 'activeFlag' | 'blockCode'>) =>
  consult.activeFlag === 'N' || Boolean(consult.blockCode?.trim());
