import type { CardResult, CardsResponse } from '../../../../contracts/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';

/**
 * After a fresh cards lookup (every action and every holder save refetches it): the current card is replaced, and
 * the account's row in the loaded list page takes what the provider now says of it, the holder's name and CPF as
 * well as the card's status (spec section 4: an account's cardStatus can be updated), so /home agrees with the
 * details at once, without a reload. The page itself lives in memory only and is read again after a reload.
 */
export function syncCard(cards: CardsResponse, holderCard: CardResult | null): void {
  useAppStore.setState((s) => {
    const { accounts, currentAccount } = s.relationship;
    if (!holderCard) return { relationship: { ...s.relationship, currentCard: cards } };
    const patch = {
      cardHolder: holderCard.cardHolder,
      documentNumber: holderCard.documentNumber,
      cardStatus: holderCard.cardStatus,
      cardBlockingCode: holderCard.cardBlockingCode,
      accountBlockingCodeTwo: holderCard.accountBlockingCodeTwo,
      accountWarningCode: holderCard.accountWarningCode,
      last4Digits2Way: holderCard.last4Digits2Way,
    };
    return {
      relationship: {
        ...s.relationship,
        currentCard: cards,
        currentAccount: currentAccount?.uuid === holderCard.uuid ? { ...currentAccount, ...patch } : currentAccount,
        accounts: accounts && {
          ...accounts,
          subAccounts: accounts.subAccounts.map((row) => (row.uuid === holderCard.uuid ? { ...row, ...patch } : row)),
        },
      },
    };
  });
}
