// The history screen's rules (spec sections 4, 5, 7): which entries show, their status, the one-minute shift,
// and which due dates are loaded.
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import {
  type DeclineFix,
  SUGGESTED_LIMIT_PARAM,
  suggestedLimitCents,
  suggestedLimitParam,
} from '../../../../contracts/decline-reasons.ts';
import type { Authorization, InvoiceTransaction } from '../../../../contracts/index.ts';
import { DATE_FORMATS, type LimitResponse } from '../../../../contracts/index.ts';
import { paths } from '../../../app/paths.ts';

/** The ISO 4217 number of the real, the coinCode of a purchase in R$. */
const BRL_CODE = 986;

dayjs.extend(customParseFormat);

export const KEPT_DROPS = ['NORMAL', 'NEGADA', 'ONLINE', 'CANCELADA', 'APROVADA'] as const;
export const KEPT_GROUPS = ['CRE', 'DEN', 'PGT', 'DEI', 'DEB'] as const;

/** Authorizations whose descDrop is one of the five kept and whose transactionType is not empty. */
export const keptAuthorizations = <T extends Pick<Authorization, 'descDrop' | 'transactionType'>>(list: readonly T[]) =>
  list.filter((a) => (KEPT_DROPS as readonly string[]).includes(a.descDrop) && a.transactionType.trim() !== '');

/** Transactions of the groups CRE, DEN, PGT, DEI and DEB only. */
export const keptTransactions = <T extends Pick<InvoiceTransaction, 'abbreviationGroup'>>(list: readonly T[]) =>
  list.filter((t) => (KEPT_GROUPS as readonly string[]).includes(t.abbreviationGroup));

/** The status shown (spec section 4): one rule with the provider's used amount, in contracts. */
export { authorizationStatus } from '../../../../contracts/authorization-status.ts';

/** Parsed, shifted by one minute, shown as DD/MM/YYYY HH:mm:ss (an ISO date-time or a YYYYMMDD date). */
export function historyDate(value: string): string {
  const parsed = /^\d{8}$/.test(value) ? dayjs(value, DATE_FORMATS.transactionDate, true) : dayjs(value);
  if (!parsed.isValid()) return value;
  return parsed.add(1, 'minute').format(DATE_FORMATS.display);
}

/** The moment an entry sorts by (newest first). */
export const historyTime = (value: string) =>
  (/^\d{8}$/.test(value) ? dayjs(value, DATE_FORMATS.transactionDate, true) : dayjs(value)).valueOf();

/**
 * The due dates the screen loads: the current one (the nearest on or after today, or the newest when every date
 * is past) plus the three before it.
 */
export function historyDueDates(list: readonly string[], today: string): string[] {
  const sorted = [...new Set(list)].sort().reverse();
  const upcoming = sorted.filter((d) => d >= today);
  const current = upcoming.length > 0 ? upcoming[upcoming.length - 1]! : sorted[0];
  if (!current) return [];
  const start = sorted.indexOf(current);
  return sorted.slice(start, start + 4);
}

/** What the card is now, as far as a decline's fix depends on it; unknown while the consult loads (no fix then). */
export interface CardFixState {
  permanentlyBlocked: boolean;
  /** Temporarily blocked: the block screen offers the unblock. */
  blocked: boolean;
  cancelled: boolean;
  /** The portal does not read the password lock yet, so the unlock is offered only once it does (decision 081). */
  passwordBlocked?: boolean;
}

/** The fix a decline's reason names, when the card's state today lets its screen lift it. */
export function availableFix(fix: DeclineFix | null, state: CardFixState | null): DeclineFix | null {
  if (!fix || !state || state.permanentlyBlocked || state.cancelled) return null;
  if (fix === 'unblock') return state.blocked ? fix : null;
  if (fix === 'unlock') return state.passwordBlocked === true ? fix : null;
  return fix;
}

export interface FixLink {
  to: string;
  /** The suggested limit in centavos, when the link carries one. */
  suggestedCents?: number;
}

/**
 * Where a fix's link goes. The limit fix carries a limit that would have covered the declined purchase, only for
 * one in reais (a foreign value is not what the limit was charged) and only while today's available limit still
 * falls short of it.
 */
export function fixLink(
  fix: DeclineFix,
  declined: Pick<Authorization, 'mainValue' | 'coinCode'>,
  limit: Pick<LimitResponse, 'availableLimit'> | undefined,
): FixLink {
  if (fix === 'unblock') return { to: paths.detailsBlock };
  if (fix === 'unlock') return { to: paths.detailsUnlock };
  if (fix === 'controls') return { to: paths.detailsControls };
  const suggestedCents =
    limit && declined.coinCode === BRL_CODE
      ? suggestedLimitCents({ ...limit, declinedValue: declined.mainValue })
      : null;
  if (suggestedCents === null) return { to: paths.detailsLimit };
  const search = new URLSearchParams({ [SUGGESTED_LIMIT_PARAM]: suggestedLimitParam(suggestedCents) });
  return { to: `${paths.detailsLimit}?${search}`, suggestedCents };
}
