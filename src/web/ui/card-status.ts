// The card status indicator of spec section 4: 'Ativo' only when all four conditions hold, else 'Inativo'.

export interface CardStatusFields {
  cardStatus: string | null | undefined;
  cardBlockingCode: string | null | undefined;
  accountBlockingCodeTwo: string | null | undefined;
  accountWarningCode: string | null | undefined;
}

/** Empty (absent, blank) or '0' counts as "no code". */
const noCode = (code: string | null | undefined) => code == null || code.trim() === '' || code.trim() === '0';

/** Ativo: cardStatus 'active' and the card blocking, second account blocking and account warning codes all empty or '0'. */
export function isCardActive(card: CardStatusFields): boolean {
  return (
    card.cardStatus === 'active' &&
    noCode(card.cardBlockingCode) &&
    noCode(card.accountBlockingCodeTwo) &&
    noCode(card.accountWarningCode)
  );
}

/** Card status from the lookup: Actived maps to active, anything else to inactive (spec section 4). */
export const lookupCardStatus = (status: string | null | undefined): 'active' | 'inactive' =>
  status === 'Actived' ? 'active' : 'inactive';
