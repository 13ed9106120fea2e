// The history screen's rules (spec sections 4, 5, 7): which entries show, their status, the one-minute shift,
// and which due dates are loaded.
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import type { Authorization, InvoiceTransaction } from '../../../../contracts/index.ts';
import { DATE_FORMATS } from '../../../../contracts/index.ts';

dayjs.extend(customParseFormat);

export const KEPT_DROPS = ['NORMAL', 'NEGADA', 'ONLINE', 'CANCELADA', 'APROVADA'] as const;
export const KEPT_GROUPS = ['CRE', 'DEN', 'PGT', 'DEI', 'DEB'] as const;

/** Authorizations whose descDrop is one of the five kept and whose transactionType is not empty. */
export const keptAuthorizations = <T extends Pick<Authorization, 'descDrop' | 'transactionType'>>(list: readonly T[]) =>
  list.filter((a) => (KEPT_DROPS as readonly string[]).includes(a.descDrop) && a.transactionType.trim() !== '');

/** Transactions of the groups CRE, DEN, PGT, DEI and DEB only. */
export const keptTransactions = <T extends Pick<InvoiceTransaction, 'abbreviationGroup'>>(list: readonly T[]) =>
  list.filter((t) => (KEPT_GROUPS as readonly string[]).includes(t.abbreviationGroup));

/**
 * The status shown (spec section 4): a denied one stays NEGADA; a drop of ONLINE or CANCELADA becomes CANCELADA;
 * NORMAL, or an offline one whose password was not validated and that is not cancelled (APROVADA), becomes
 * APROVADA; anything else shows the response description.
 */
export function authorizationStatus(a: Pick<Authorization, 'descDrop' | 'descResponseTransaction'>): string {
  switch (a.descDrop) {
    case 'NEGADA':
      return 'NEGADA';
    case 'ONLINE':
    case 'CANCELADA':
      return 'CANCELADA';
    case 'NORMAL':
    case 'APROVADA':
      return 'APROVADA';
    default:
      return a.descResponseTransaction;
  }
}

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
