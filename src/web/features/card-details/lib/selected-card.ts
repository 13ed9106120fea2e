import { type CardResult, cardsResponse, type SubAccount } from '../../../../contracts/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';

export interface SelectedCard {
  /** The row opened from the list (or a search hit). */
  account: SubAccount;
  uuid: string;
  /** The holder card of the account, from the cards lookup stored when the row was opened. */
  card: CardResult | null;
  /** The four digits the card calls send: the card's own, which the provider always recognises. */
  last4: string;
  /** The four digits shown: those of the second copy once one was issued. */
  shownLast4: string;
  /** '1' green or '2' black: the consult's product header. */
  product: '1' | '2';
}

/** The holder card among the account's cards: the TITULAR one with the row's digits, else the first TITULAR. */
export function holderCardOf(cards: readonly CardResult[], account: SubAccount): CardResult | null {
  const titular = cards.filter((c) => c.cardType === 'TITULAR');
  return (
    titular.find((c) => c.last4digits === account.last4Digits || c.last4Digits2Way === account.last4Digits) ??
    titular[0] ??
    cards[0] ??
    null
  );
}

export function selectedCardOf(account: SubAccount | null, currentCard: unknown): SelectedCard | null {
  if (!account) return null;
  const parsed = cardsResponse.safeParse(currentCard);
  const card = parsed.success ? holderCardOf(parsed.data.cardsResult, account) : null;
  const last4 = card?.last4digits ?? account.last4Digits;
  const logo = card?.logo ?? account.logo;
  return {
    account,
    uuid: account.uuid,
    card,
    last4,
    shownLast4: card?.last4Digits2Way || last4,
    product: logo === 2 ? '2' : '1',
  };
}

/** The card chosen on /home, or null when none was opened. */
export function useSelectedCard(): SelectedCard | null {
  const account = useAppStore((s) => s.relationship.currentAccount);
  const currentCard = useAppStore((s) => s.relationship.currentCard);
  return selectedCardOf(account, currentCard);
}
