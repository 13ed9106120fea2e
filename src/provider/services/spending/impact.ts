// What new controls would have done to the card's last 30 days (issue 30): each approved purchase replayed through
// them in time order, with the day and month sums the replay itself approves. Writes nothing.
import { and, asc, gte } from 'drizzle-orm';
import { centsOf } from '../../../contracts/money.ts';
import {
  judgeControls,
  PURCHASE_CHANNELS,
  type PurchaseChannel,
  type SpendingControls,
} from '../../../contracts/spending-controls.ts';
import type { Db } from '../../db/client.ts';
import { authorizations } from '../../db/schema.ts';
import type { CardScope } from '../../http/scope/types.ts';
import { approvedAuthorization } from '../limit-usage.ts';
import { boughtWith, periodsOf } from './authorize.ts';

const WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
/** A card buys a few hundred times a month; a bound keeps a runaway card from making the preview slow. */
const MOST = 5000;

const channelOf = (value: string | null): PurchaseChannel =>
  (PURCHASE_CHANNELS as readonly string[]).includes(value ?? '') ? (value as PurchaseChannel) : 'PRESENCIAL';

export async function controlsImpact(db: Db, scope: CardScope, controls: SpendingControls, now: Date) {
  const rows = await db
    .select({
      at: authorizations.tmsIncl,
      value: authorizations.valueBrl,
      mcc: authorizations.mcc,
      country: authorizations.merchantCountry,
      channel: authorizations.channel,
    })
    .from(authorizations)
    .where(
      and(
        boughtWith(scope.card),
        gte(authorizations.tmsIncl, new Date(now.getTime() - WINDOW_MS)),
        approvedAuthorization,
      ),
    )
    .orderBy(asc(authorizations.tmsIncl), asc(authorizations.id))
    .limit(MOST);
  let wouldDecline = 0;
  const day = new Map<number, number>();
  const month = new Map<number, number>();
  for (const row of rows) {
    const periods = periodsOf(row.at);
    const d = periods.day.getTime();
    const m = periods.month.getTime();
    const valueCents = centsOf(row.value);
    const facts = { valueCents, mcc: row.mcc ?? 0, country: row.country ?? 'BR', channel: channelOf(row.channel) };
    const spent = { dayCents: day.get(d) ?? 0, monthCents: month.get(m) ?? 0 };
    if (judgeControls(controls, facts, spent) !== null) {
      wouldDecline++;
      continue;
    }
    day.set(d, spent.dayCents + valueCents);
    month.set(m, spent.monthCents + valueCents);
  }
  return { approved: rows.length, wouldDecline };
}
