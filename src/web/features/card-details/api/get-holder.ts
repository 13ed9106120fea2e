import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/index.ts';
import { cardKey } from './keys.ts';

/** GET /v1/accounts/data/{uuid}: the holder and account detail. */
export const getHolder = (uuid: string) => api.holder({ params: { uuid } });

export const holderQuery = (uuid: string) =>
  queryOptions({ queryKey: [...cardKey(uuid), 'holder'], queryFn: () => getHolder(uuid), meta: { silent: true } });

export const useHolder = (uuid: string) => useQuery(holderQuery(uuid));
