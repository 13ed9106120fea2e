import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/index.ts';

export async function getCompanies() {
  return (await api.companies()).companies;
}

/** A failure is silent: the loader stops and the list from the sign-in answer stays (spec section 8). */
export const companiesQueryOptions = () =>
  queryOptions({ queryKey: ['companies'], queryFn: getCompanies, meta: { silent: true } });

export const useCompanies = () => useQuery(companiesQueryOptions());
