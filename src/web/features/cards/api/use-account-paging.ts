import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { type AccountsResponse, messages } from '../../../../contracts/index.ts';
import { getAccountsPage } from '../../../api/accounts-page.ts';
import { notifyFailure } from '../../../lib/query-client.ts';
import { useAppStore, useMemoryStore } from '../../../lib/store/index.ts';
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

  // Typed by hand: its failure's retry asks the mutation itself again.
  const mutation: UseMutationResult<{ page: number; answer: AccountsResponse }, Error, number> = useMutation({
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
    // The page's own text, under the same rules as every failure (none while the start-up alert says it), kept on
    // screen with "Tentar novamente", which asks for the same page again.
    onError: (error, target) =>
      notifyFailure(error, { retry: () => mutation.mutate(target) }, messages.cardList.pageFailure),
  });

  // A page that failed because the portal could not start (the start-up alert said so, nothing else) is read again
  // once the start recovers, without a reload; a page refused by the provider waits for "Tentar novamente".
  const startup = useMemoryStore((s) => s.startup);
  const before = useRef(startup);
  const readAgain = useEffectEvent(() => {
    if (mutation.isError && mutation.variables !== undefined) mutation.mutate(mutation.variables);
  });
  useEffect(() => {
    const recovered = before.current === 'failed' && startup === 'ready';
    before.current = startup;
    if (recovered) readAgain();
  }, [startup]);

  return {
    goTo: mutation.mutate,
    loadingPage: mutation.isPending ? mutation.variables : null,
    /** The last page asked for could not be read (the failure says so, with its retry). */
    failed: mutation.isError,
  };
}
