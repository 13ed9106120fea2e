import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PortalUser, USER_LIST_LIMIT, usersResponse } from '../../../../contracts/index.ts';
import { callApi } from '../../../lib/transport/index.ts';

/** The chosen company's users: first page of 100, ascending (spec sections 7 and 9). */
export async function getUsers(cnpj: string): Promise<PortalUser[]> {
  const data = await callApi('listUsers', {
    headers: { cnpj },
    query: { page: 0, limit: USER_LIST_LIMIT, direction: 'asc' },
  });
  return usersResponse.parse(data).usuarios;
}

export const usersQueryKey = (cnpj: string) => ['users', cnpj] as const;

/** A failure is silent and reads as an empty list (spec section 8). */
export const usersQueryOptions = (cnpj: string) =>
  queryOptions({ queryKey: usersQueryKey(cnpj), queryFn: () => getUsers(cnpj), meta: { silent: true } });

export const useUsers = (cnpj: string) => useQuery(usersQueryOptions(cnpj));
