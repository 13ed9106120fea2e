import type { CardResult, CardsResponse } from '../../../../contracts/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';

/**
 * After a fresh cards lookup: the current card is replaced, and the account's row in the loaded list page takes the
 * card's new status (spec section 4: an account's cardStatus can be updated), so /home shows it without a reload.
 */
export function syncCard(cards: CardsResponse, holderCard: CardResult | null): void {
  useAppStore.setState((s) => {
    const { accounts, currentAccount } = s.relationship;
    if (!holderCard) return { relationship: { ...s.relationship, currentCard: cards } };
    const patch = {
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
