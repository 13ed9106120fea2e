import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AccountData, accountData } from '../../../../contracts/index.ts';
import { callApi } from '../../../lib/transport/index.ts';
import { cardKey } from './keys.ts';

/** GET /v1/accounts/data/{uuid}: the holder and account detail. */
export async function getHolder(uuid: string): Promise<AccountData> {
  return accountData.parse(await callApi('holder', { params: { uuid } }));
}

export const holderQuery = (uuid: string) =>
  queryOptions({ queryKey: [...cardKey(uuid), 'holder'], queryFn: () => getHolder(uuid), meta: { silent: true } });

export const useHolder = (uuid: string) => useQuery(holderQuery(uuid));
