// The audit trail's period (decision 089): Brasília days, checked against today and how far back the screen reaches.
import { AUDIT_DEFAULT_DAYS, AUDIT_MONTHS, AUDIT_ZONE_OFFSET } from '../../contracts/audit.ts';
import { messages } from '../../contracts/messages.ts';
import { fail } from '../errors.ts';

const m = messages.audit;
const DAY_MS = 86_400_000;
/** Brasília is UTC−3 all year. */
const ZONE_MS = -3 * 3_600_000;

export interface AuditPeriod {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

const isoDay = (instant: number) => new Date(instant + ZONE_MS).toISOString().slice(0, 10);
const startOf = (day: string) => new Date(`${day}T00:00:00${AUDIT_ZONE_OFFSET}`);

/**
 * The period asked for, Brasília days, the last AUDIT_DEFAULT_DAYS by default. The screen reaches AUDIT_MONTHS back;
 * the CSV export (`floor: false`) reaches any older row still kept.
 */
export function auditPeriod(now: Date, from: string | undefined, to: string | undefined, floor = true): AuditPeriod {
  const today = isoDay(now.getTime());
  const last = to ?? today;
  const first = from ?? isoDay(startOf(last).getTime() - AUDIT_DEFAULT_DAYS * DAY_MS + DAY_MS);
  if (last > today) fail('AUDIT_PERIOD_INVALID', m.period.future);
  if (first > last) fail('AUDIT_PERIOD_INVALID', m.period.order);
  if (floor) {
    const [y, mo, d] = today.split('-').map(Number) as [number, number, number];
    const back = new Date(Date.UTC(y, mo - 1 - AUDIT_MONTHS, d)).toISOString().slice(0, 10);
    if (first < back) fail('AUDIT_PERIOD_INVALID', m.period.tooOld);
  }
  return { from: first, to: last, start: startOf(first), end: new Date(startOf(last).getTime() + DAY_MS) };
}
