import { queryOptions, useQuery } from '@tanstack/react-query';
import { USER_LIST_LIMIT } from '../../contracts/index.ts';
import { api } from './index.ts';

/** The chosen company's users: first page of 100, ascending (spec sections 7 and 9). */
export async function getUsers(cnpj: string) {
  const answer = await api.listUsers({
    headers: { cnpj },
    query: { page: 0, limit: USER_LIST_LIMIT, direction: 'asc' },
  });
  return answer.usuarios;
}

export const usersQueryKey = (cnpj: string) => ['users', cnpj] as const;

/** A failure is silent and reads as an empty list (spec section 8). */
export const usersQueryOptions = (cnpj: string) =>
  queryOptions({ queryKey: usersQueryKey(cnpj), queryFn: () => getUsers(cnpj), meta: { silent: true } });

/** The company's users; `enabled: false` for an operator whose profile may not list them (no refused call). */
export const useUsers = (cnpj: string, enabled = true) => useQuery({ ...usersQueryOptions(cnpj), enabled });
