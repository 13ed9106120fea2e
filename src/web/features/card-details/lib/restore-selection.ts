import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { cardToRow } from '../../../lib/card-row.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { isApiError } from '../../../lib/transport/index.ts';
import { cardsQuery } from '../api/get-cards.ts';

/** 'missing': the card is not one of the chosen company's, or no longer exists. */
export type Restore = 'none' | 'restoring' | 'failed' | 'missing';

/**
 * The card a card screen shows, read from the provider when the store has another one or none: the one its address
 * names (/home/details/{uuid}, issue 27), else, after a reload of a spec path, the opened account's id that survives
 * (decision 041). Its cards become the current account and card, so the screen and its sub-screens come back.
 */
export function useRestoreSelection(cardId: string | null): { restore: Restore; error: unknown; retry: () => unknown } {
  const stored = useAppStore((s) => s.selectedAccount);
  const current = useAppStore((s) => s.relationship.currentAccount?.uuid ?? null);
  const relationCode = useAppStore((s) => s.company?.relationCode);
  const uuid = cardId ?? (current ? null : stored);
  const needed = uuid !== null && uuid !== current;
  const cards = useQuery({ ...cardsQuery(uuid ?? ''), enabled: needed });
  const titular = cards.data?.cardsResult.find((c) => c.cardType === 'TITULAR') ?? cards.data?.cardsResult[0];
  // A shared link to a card of another of the operator's companies: the screens act on the chosen company only.
  const elsewhere = titular !== undefined && relationCode !== undefined && titular.relationCode !== relationCode;

  useEffect(() => {
    if (!needed || !cards.data || !titular || elsewhere) return;
    const store = useAppStore.getState();
    store.setCurrentAccount(cardToRow(titular));
    store.setCurrentCard(cards.data);
    useAppStore.setState((s) => ({
      companyCards: { ...s.companyCards, last4digits: titular.last4Digits2Way || titular.last4digits },
    }));
  }, [needed, cards.data, titular, elsewhere]);

  const of = (restore: Restore) => ({ restore, error: cards.error, retry: cards.refetch });
  if (!needed) return of('none');
  if (elsewhere || (cards.data && !titular)) return of('missing');
  if (cards.isError) return of(isApiError(cards.error) && cards.error.status === 404 ? 'missing' : 'failed');
  return of('restoring');
}
