// A card's state as the cards list shows it (issue 27, decision 116): spec section 4's 'Ativo' / 'Inativo', and for
// an inactive card the reason its codes give ("Inativo · perda"). Derived here once, from a list row's own fields; the
// provider's status filter (services/card-search-status.ts) selects the same states, and a route test holds the two
// together. No zod here: the cards list imports it with its first paint.
import { cardSearchMessages } from './card-search-messages.ts';
import type { BlockReason } from './constants.ts';

/** The fields of a list row (or a card of the lookup) the state is read from. */
export interface CardStateFields {
  cardStatus: string | null | undefined;
  cardBlockingCode: string | null | undefined;
  accountBlockingCodeTwo: string | null | undefined;
  accountWarningCode: string | null | undefined;
  /** The account as the platform describes it: CANCELADA once cancelled. Absent from older answers. */
  accountStatusDescription?: string | null | undefined;
  /** The card consult's activeFlag: N marks a card blocked for good. Absent from older answers. */
  activeFlag?: string | null | undefined;
}

/** Why an inactive card is inactive, most telling first (the order `statusReasonOf` tries them in). */
export const STATUS_REASONS = [
  'cancelada',
  'perda',
  'roubo',
  'permanente',
  'temporario',
  'outro',
  'conta-bloqueada',
  'alerta',
] as const;
export type StatusReason = (typeof STATUS_REASONS)[number];

/** What the search's status filter asks for: active cards, inactive ones whatever the reason, or one reason. */
export const STATUS_FILTERS = ['ativo', 'inativo', ...STATUS_REASONS] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** The four reasons an operator blocks a card for (spec section 9): P lost, R theft, BE temporary, O other. */
export const BLOCK_CODE_REASONS: Readonly<Record<BlockReason, StatusReason>> = {
  P: 'perda',
  R: 'roubo',
  BE: 'temporario',
  O: 'outro',
};

/** Empty (absent, blank) or '0' counts as "no code" (spec section 4). */
export const noCode = (code: string | null | undefined) => code == null || code.trim() === '' || code.trim() === '0';

/** Spec section 4: Ativo only with cardStatus 'active' and the three codes empty or '0'. */
export function isCardActive(card: CardStateFields): boolean {
  return (
    card.cardStatus === 'active' &&
    noCode(card.cardBlockingCode) &&
    noCode(card.accountBlockingCodeTwo) &&
    noCode(card.accountWarningCode)
  );
}

/**
 * The reason of an inactive card, or null for an active one or one whose codes say nothing. A cancelled account
 * first (its card carries the O of the cancel, spec section 4); then loss and theft, which stay the reason even once
 * the card is deactivated; then a card blocked for good (activeFlag N, or a code the platform set that is none of the
 * four); then the temporary and other blocks an operator can lift; then the account's own blocking and warning codes.
 */
export function statusReasonOf(card: CardStateFields): StatusReason | null {
  if (isCardActive(card)) return null;
  if (card.accountStatusDescription === 'CANCELADA') return 'cancelada';
  const block = noCode(card.cardBlockingCode) ? null : (card.cardBlockingCode as string).trim();
  const reason = block === null ? null : (BLOCK_CODE_REASONS[block as BlockReason] ?? null);
  if (reason === 'perda' || reason === 'roubo') return reason;
  if (card.activeFlag === 'N' || (block !== null && reason === null)) return 'permanente';
  if (reason) return reason;
  if (!noCode(card.accountBlockingCodeTwo)) return 'conta-bloqueada';
  if (!noCode(card.accountWarningCode)) return 'alerta';
  return null;
}

/** Whether a card is in the state a status filter asks for. */
export function matchesStatusFilter(card: CardStateFields, filter: StatusFilter): boolean {
  if (filter === 'ativo') return isCardActive(card);
  if (filter === 'inativo') return !isCardActive(card);
  return statusReasonOf(card) === filter;
}

/** The status chip's text: 'Ativo', 'Inativo', or 'Inativo · perda'. */
export function statusText(card: CardStateFields): string {
  if (isCardActive(card)) return cardSearchMessages.active;
  const reason = statusReasonOf(card);
  return reason
    ? `${cardSearchMessages.inactive} · ${cardSearchMessages.reasons[reason]}`
    : cardSearchMessages.inactive;
}
