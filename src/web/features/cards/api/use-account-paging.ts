import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messages } from '../../../../contracts/index.ts';
import { getAccountsPage } from '../../../api/accounts-page.ts';
import { notifyFailure } from '../../../lib/query-client.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { nextStep, planWalk, type WalkStep } from '../lib/keyset-walk.ts';
import { knownPages, rememberPage } from '../lib/page-cursors.ts';

/**
 * Moves the list to a page: the keyset walk from the nearest page already seen, every page on the way
 * remembered, then the accounts of the target page and its number stored (`currentPage`). The total comes
 * with every page, so the count is reloaded too.
 */
export function useAccountPaging() {
  const company = useAppStore((s) => s.company);
  const accounts = useAppStore((s) => s.relationship.accounts);
  const currentPage = useAppStore((s) => s.relationship.currentPage);

  // The page in the store (loaded at company choice, or restored after a reload) is a known page.
  useEffect(() => {
    if (company && accounts) rememberPage(company.cnpj, currentPage, accounts.subAccounts);
  }, [company, accounts, currentPage]);

  const mutation = useMutation({
    meta: { silent: true },
    mutationFn: async (target: number) => {
      if (!company) throw new Error('no company');
      const { cnpj, relationCode } = company;
      const plan = planWalk(target, knownPages(cnpj));
      let step: WalkStep = plan.first;
      // The page the first call lands on: the first page, or the neighbour of the known page it starts from.
      let page =
        plan.first.direction === '' ? 1 : plan.direction === 'N' ? target - plan.calls + 1 : target + plan.calls - 1;
      for (let call = 1; ; call++) {
        const answer = await getAccountsPage({ cnpj, relationCode, ...step });
        const edges = rememberPage(cnpj, page, answer.subAccounts);
        if (call >= plan.calls || !edges) return { page, answer };
        step = nextStep(edges, plan.direction);
        page += plan.direction === 'N' ? 1 : -1;
      }
    },
    onSuccess: ({ page, answer }) => {
      const { setAccounts, setCurrentPage } = useAppStore.getState();
      setAccounts(answer);
      setCurrentPage(page);
    },
    // The page's own text, under the same rules as every failure (none while the start-up alert says it).
    onError: (error) => notifyFailure(error, {}, messages.cardList.pageFailure),
  });

  return { goTo: mutation.mutate, loadingPage: mutation.isPending ? mutation.variables : null };
}
