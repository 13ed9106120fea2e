// The company's default spending controls (issue 30): read by the screen, changed behind the step-up the typed client
// asks for (the contract's changeCompanyControls: stepUp 'when stale').
import { useQuery } from '@tanstack/react-query';
import type { SpendingControls } from '../../../../contracts/spending-controls.ts';
import { api } from '../../../api/index.ts';

export interface Company {
  cnpj: string;
  relationCode: string;
}

const headersOf = (c: Company) => ({ cnpj: c.cnpj, relationcode: c.relationCode });

export const companyControlsKey = (c: Company) => ['companyControls', c.cnpj, c.relationCode] as const;

export const useCompanyControls = (company: Company) =>
  useQuery({
    queryKey: companyControlsKey(company),
    queryFn: () => api.companyControls({ headers: headersOf(company) }),
    meta: { silent: true },
  });

/** `null` removes the default: cards without controls of their own then have none. */
export const saveCompanyControls = (company: Company, controls: SpendingControls | null) =>
  api.changeCompanyControls({ headers: headersOf(company), body: { controls } });
