// A card of the lookup as a row of the cards list: the list, the search and a reopened card show the same fields.
import type { CardResult, SubAccount } from '../../contracts/index.ts';

/** A search hit as a list row, so the table and the status indicator treat both alike. */
export const cardToRow = (card: CardResult): SubAccount => ({
  account: card.account,
  uuid: card.uuid,
  cardHolder: card.cardHolder,
  documentNumber: card.documentNumber,
  last4Digits: card.last4digits,
  last4Digits2Way: card.last4Digits2Way,
  cardStatus: card.cardStatus,
  cardBlockingCode: card.cardBlockingCode,
  accountBlockingCodeTwo: card.accountBlockingCodeTwo,
  accountWarningCode: card.accountWarningCode,
  logo: card.logo,
  ...(card.accountStatusDescription === undefined ? {} : { accountStatusDescription: card.accountStatusDescription }),
  ...(card.activeFlag === undefined ? {} : { activeFlag: card.activeFlag }),
});

/** Final do Cartão: last4Digits2Way or last4Digits. */
export const rowLast4 = (row: Pick<SubAccount, 'last4Digits' | 'last4Digits2Way'>) =>
  row.last4Digits2Way || row.last4Digits;
