import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/index.ts';
import { cardKey } from './keys.ts';

/** GET /v1/cards/account/{uuid}: the account's cards with their status. */
export const getCards = (uuid: string) => api.cardsOfAccount({ params: { uuid } });

export const cardsQuery = (uuid: string) =>
  queryOptions({ queryKey: [...cardKey(uuid), 'cards'], queryFn: () => getCards(uuid), meta: { silent: true } });

export const useCards = (uuid: string) => useQuery(cardsQuery(uuid));
