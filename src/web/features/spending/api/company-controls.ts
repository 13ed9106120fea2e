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

/** What the proposed default would have declined in the last 30 days of the cards that follow it; writes nothing. */
export const previewCompanyControls = (company: Company, controls: SpendingControls) =>
  api.companyControlsImpact({ headers: headersOf(company), body: { controls } });

/** `null` removes the default: cards without controls of their own then have none. */
export const saveCompanyControls = (company: Company, controls: SpendingControls | null) =>
  api.changeCompanyControls({ headers: headersOf(company), body: { controls } });
