import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Company, companiesResponse } from '../../../../contracts/index.ts';
import { callApi } from '../../../lib/transport/index.ts';

export async function getCompanies(): Promise<Company[]> {
  return companiesResponse.parse(await callApi('companies')).companies;
}

/** A failure is silent: the loader stops and the list from the sign-in answer stays (spec section 8). */
export const companiesQueryOptions = () =>
  queryOptions({ queryKey: ['companies'], queryFn: getCompanies, meta: { silent: true } });

export const useCompanies = () => useQuery(companiesQueryOptions());
