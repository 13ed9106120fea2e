import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { cardToRow } from '../../../lib/card-row.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { cardsQuery } from '../api/get-cards.ts';

export type Restore = 'none' | 'restoring' | 'failed';

/**
 * After a reload only the opened account's id survives (decision 041): its cards are read again and become the
 * current account and card, so /home/details and its sub-screens come back as they were.
 */
export function useRestoreSelection(): Restore {
  const uuid = useAppStore((s) => s.selectedAccount);
  const hasAccount = useAppStore((s) => Boolean(s.relationship.currentAccount));
  const cards = useQuery({ ...cardsQuery(uuid ?? ''), enabled: Boolean(uuid) && !hasAccount });

  useEffect(() => {
    if (hasAccount || !cards.data) return;
    const titular = cards.data.cardsResult.find((c) => c.cardType === 'TITULAR') ?? cards.data.cardsResult[0];
    if (!titular) return;
    const store = useAppStore.getState();
    store.setCurrentAccount(cardToRow(titular));
    store.setCurrentCard(cards.data);
    useAppStore.setState((s) => ({
      companyCards: { ...s.companyCards, last4digits: titular.last4Digits2Way || titular.last4digits },
    }));
  }, [hasAccount, cards.data]);

  if (!uuid || hasAccount) return 'none';
  return cards.isError ? 'failed' : 'restoring';
}
