import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CardsResponse, cardsResponse } from '../../../../contracts/index.ts';
import { callApi } from '../../../lib/transport/index.ts';
import { cardKey } from './keys.ts';

/** GET /v1/cards/account/{uuid}: the account's cards with their status. */
export async function getCards(uuid: string): Promise<CardsResponse> {
  return cardsResponse.parse(await callApi('cardsOfAccount', { params: { uuid } }));
}

export const cardsQuery = (uuid: string) =>
  queryOptions({ queryKey: [...cardKey(uuid), 'cards'], queryFn: () => getCards(uuid), meta: { silent: true } });

export const useCards = (uuid: string) => useQuery(cardsQuery(uuid));
