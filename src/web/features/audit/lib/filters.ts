// The audit trail's filters as the screen keeps them and as they travel (decision 089). The period's rules (order,
// 12 months back, not in the future) are the provider's: the screen shows its refusal as sent.
import { AUDIT_DEFAULT_DAYS, type AuditQuery } from '../../../../contracts/audit.ts';
import { formatBrasiliaDateTime } from '../../../../contracts/text.ts';

export interface AuditFilterValues {
  from: string;
  to: string;
  operator: string;
  card: string;
  action: string;
}

const DAY_MS = 86_400_000;
/** A Brasília day (UTC−3 all year), ISO. */
export const brasiliaDay = (instant: number) => new Date(instant - 3 * 3_600_000).toISOString().slice(0, 10);

/** The period the screen opens with: the last AUDIT_DEFAULT_DAYS days, today included. */
export function defaultFilters(now = Date.now()): AuditFilterValues {
  return {
    from: brasiliaDay(now - (AUDIT_DEFAULT_DAYS - 1) * DAY_MS),
    to: brasiliaDay(now),
    operator: '',
    card: '',
    action: '',
  };
}

/** The card field takes a masked CPF too: only its digits travel. */
export const cardOnTheWire = (card: string) => card.replace(/\D/g, '');

/** The query of the applied filters (empty ones left out). */
export function queryOf(f: AuditFilterValues): Omit<AuditQuery, 'cursor' | 'limit'> {
  const card = cardOnTheWire(f.card);
  return {
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
    ...(f.operator.trim() ? { operator: f.operator.trim() } : {}),
    ...(card ? { card } : {}),
    ...(f.action ? { action: f.action as AuditQuery['action'] } : {}),
  };
}

/** DD/MM/YYYY HH:mm:ss, Brasília time. */
export const formatWhen = (iso: string) => formatBrasiliaDateTime(new Date(iso));
