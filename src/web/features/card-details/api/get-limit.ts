import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/index.ts';
import { cardKey } from './keys.ts';

/** GET /v1/limit/management/{uuid}: credit limit, available limit and what is used. */
export const getLimit = (uuid: string, last4: string) =>
  api.readLimit({ params: { uuid }, headers: { last4digits: last4 } });

export const limitQuery = (uuid: string, last4: string) =>
  queryOptions({
    queryKey: [...cardKey(uuid), 'limit', last4],
    queryFn: () => getLimit(uuid, last4),
    meta: { silent: true },
  });

export const useLimit = (uuid: string, last4: string) => useQuery(limitQuery(uuid, last4));
