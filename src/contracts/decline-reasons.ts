// Why a NEGADA authorization was refused, from the platform's response description (decision 081). One rule for
// every tier: the history screen explains it, the limit screen reads back the suggestion it links with.
import { messages } from './messages.ts';
import { centsOf, reaisOf } from './money.ts';

export const DECLINE_REASONS = [
  'INSUFFICIENT_LIMIT',
  'WRONG_PASSWORD',
  'CARD_BLOCKED',
  'CARD_EXPIRED',
  'MERCHANT_REFUSED',
  'SPENDING_CONTROL',
  'VIRTUAL_LIMIT',
  'UNKNOWN',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** The screen that can lift a reason, if any: the limit change, the card unblock, the password unlock. */
export type DeclineFix = 'limit' | 'unblock' | 'unlock' | 'controls';

/**
 * The descriptions Brazilian issuers and the demo platform send. Platforms differ in wording and accents, so they
 * are compared after normalizing (see normalizedDescription).
 */
const BY_DESCRIPTION: Readonly<Record<string, Exclude<DeclineReason, 'UNKNOWN'>>> = {
  'SALDO INSUFICIENTE': 'INSUFFICIENT_LIMIT',
  'LIMITE INSUFICIENTE': 'INSUFFICIENT_LIMIT',
  'LIMITE EXCEDIDO': 'INSUFFICIENT_LIMIT',
  'SENHA INVALIDA': 'WRONG_PASSWORD',
  'SENHA INCORRETA': 'WRONG_PASSWORD',
  'CARTAO BLOQUEADO': 'CARD_BLOCKED',
  'CARTAO VENCIDO': 'CARD_EXPIRED',
  'CARTAO EXPIRADO': 'CARD_EXPIRED',
  'TRANSACAO NAO PERMITIDA': 'MERCHANT_REFUSED',
  'ESTABELECIMENTO INVALIDO': 'MERCHANT_REFUSED',
  'NEGADA POR CONTROLE DE GASTO': 'SPENDING_CONTROL',
  'LIMITE DO CARTAO VIRTUAL': 'VIRTUAL_LIMIT',
};

export const DECLINE_FIXES: Readonly<Record<DeclineReason, DeclineFix | null>> = {
  INSUFFICIENT_LIMIT: 'limit',
  WRONG_PASSWORD: 'unlock',
  CARD_BLOCKED: 'unblock',
  CARD_EXPIRED: null,
  MERCHANT_REFUSED: null,
  SPENDING_CONTROL: 'controls',
  VIRTUAL_LIMIT: null,
  UNKNOWN: null,
};

/** Upper case, without accents, single spaces: 'Senha  inválida ' → 'SENHA INVALIDA'. */
export const normalizedDescription = (description: string) =>
  description
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();

export const declineReasonOf = (description: string): DeclineReason =>
  BY_DESCRIPTION[normalizedDescription(description)] ?? 'UNKNOWN';

const TEXTS: Readonly<Record<Exclude<DeclineReason, 'UNKNOWN'>, string>> = {
  INSUFFICIENT_LIMIT: messages.declines.insufficientLimit,
  WRONG_PASSWORD: messages.declines.wrongPassword,
  CARD_BLOCKED: messages.declines.cardBlocked,
  CARD_EXPIRED: messages.declines.cardExpired,
  MERCHANT_REFUSED: messages.declines.merchantRefused,
  SPENDING_CONTROL: messages.spending.explain.ANY,
  VIRTUAL_LIMIT: messages.spending.explain.VIRTUAL_LIMIT,
};

export interface DeclineExplanation {
  reason: DeclineReason;
  /** Plain pt-BR; an unknown description is quoted as the network sent it. */
  text: string;
  fix: DeclineFix | null;
}

/** `declineCode`: the control that declined it, when the platform's path recorded one (issue 30): named in the text. */
export function explainDecline(description: string, declineCode?: string): DeclineExplanation {
  const reason = declineReasonOf(description);
  const byControl =
    reason === 'SPENDING_CONTROL' && declineCode && Object.hasOwn(messages.spending.explain, declineCode);
  const text =
    reason === 'UNKNOWN'
      ? messages.declines.unknown(description.trim())
      : byControl
        ? messages.spending.explain[declineCode as keyof typeof messages.spending.explain]
        : TEXTS[reason];
  return { reason, text, fix: DECLINE_FIXES[reason] };
}

/** The search parameter that carries a suggested limit to the limit screen, in reais with two decimals. */
export const SUGGESTED_LIMIT_PARAM = 'sugerido';

/** Eleven digits of centavos: the most the limit screen's typed field holds. */
const MAX_SUGGESTED_CENTS = 99_999_999_999;

/**
 * An available limit that would have let the declined purchase through (the limit screen's field is the available
 * limit, decision 102): today's plus what was missing, rounded up to R$ 100. None when the limit available today
 * already covers it, or for a value that is not in reais.
 */
export function suggestedLimitCents(p: { availableLimit: number; declinedValue: number }): number | null {
  const missing = centsOf(p.declinedValue) - centsOf(p.availableLimit);
  if (missing <= 0) return null;
  const suggested = Math.ceil((centsOf(p.availableLimit) + missing) / 10_000) * 10_000;
  return suggested > MAX_SUGGESTED_CENTS ? null : suggested;
}

/** 150000 → '1500.00'. */
export const suggestedLimitParam = (cents: number) => reaisOf(cents).toFixed(2);

/** The suggestion read back, in centavos; anything but a positive amount the field can hold is ignored (null). */
export function parseSuggestedLimit(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,9}(\.\d{2})?$/.test(raw)) return null;
  const cents = centsOf(raw);
  return cents > 0 && cents <= MAX_SUGGESTED_CENTS ? cents : null;
}
