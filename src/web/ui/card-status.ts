// The card status indicator of spec section 4: 'Ativo' only when all four conditions hold, else 'Inativo'.

/** The rule is written once, beside the reason of an inactive card (contracts/card-state.ts, decision 116). */
export { type CardStateFields as CardStatusFields, isCardActive } from '../../contracts/card-state.ts';

/** Card status from the lookup: Actived maps to active, anything else to inactive (spec section 4). */
export const lookupCardStatus = (status: string | null | undefined): 'active' | 'inactive' =>
  status === 'Actived' ? 'active' : 'inactive';
