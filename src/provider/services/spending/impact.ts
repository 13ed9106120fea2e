// What new controls would have done to the last 30 days (issue 30): each approved purchase replayed through them in
// time order, with the day and month sums the replay itself approves. Writes nothing. The card's preview replays one
// card; the company's (company-impact.ts) replays every card that follows the default with the same `replay`.
import { and, asc, gte, sql } from 'drizzle-orm';
import {
  CONTROL_DECLINES,
  type ControlDecline,
  type ControlsImpact,
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

export const IMPACT_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

const channelOf = (value: string | null): PurchaseChannel =>
  (PURCHASE_CHANNELS as readonly string[]).includes(value ?? '') ? (value as PurchaseChannel) : 'PRESENCIAL';

/** An approved purchase as the replay reads it: when (epoch ms) and how much (centavos), read as numbers. */
export interface Bought {
  atMs: number;
  cents: number;
  mcc: number | null;
  country: string | null;
  channel: string | null;
}

/** The declines of a replay, per control. */
export type Tally = Map<ControlDecline, number>;

/**
 * One card's purchases, in time order, through the controls: judgeControls — the network path's own rule — decides
 * each, with the day and month sums of what the replay approved before it. Counts each decline into `tally`.
 */
export function replay(controls: SpendingControls, rows: readonly Bought[], tally: Tally): number {
  let declined = 0;
  const day = new Map<number, number>();
  const month = new Map<number, number>();
  // Rows come in time order: the periods are worked out again only when a purchase leaves the day of the one before
  // (a company's preview replays tens of thousands of purchases; a calendar per row was most of its time).
  let periods = periodsOf(new Date(rows[0]?.atMs ?? 0));
  for (const row of rows) {
    if (row.atMs < periods.day.getTime() || row.atMs >= periods.nextDay.getTime()) {
      periods = periodsOf(new Date(row.atMs));
    }
    const d = periods.day.getTime();
    const m = periods.month.getTime();
    const valueCents = row.cents;
    const facts = { valueCents, mcc: row.mcc ?? 0, country: row.country ?? 'BR', channel: channelOf(row.channel) };
    const spent = { dayCents: day.get(d) ?? 0, monthCents: month.get(m) ?? 0 };
    const code = judgeControls(controls, facts, spent);
    if (code !== null) {
      declined++;
      tally.set(code, (tally.get(code) ?? 0) + 1);
      continue;
    }
    day.set(d, spent.dayCents + valueCents);
    month.set(m, spent.monthCents + valueCents);
  }
  return declined;
}

/** The tally in judgeControls's order, without the controls that declined nothing. */
export const byControlOf = (tally: Tally) =>
  CONTROL_DECLINES.flatMap((code) => {
    const count = tally.get(code) ?? 0;
    return count > 0 ? [{ code, count }] : [];
  });

/** Numbers straight from the database: no Date or decimal string to parse per row. */
export const boughtColumns = {
  atMs: sql<number>`(extract(epoch from ${authorizations.tmsIncl}) * 1000)::float8`,
  cents: sql<number>`(${authorizations.valueBrl} * 100)::float8`,
  mcc: authorizations.mcc,
  country: authorizations.merchantCountry,
  channel: authorizations.channel,
};

export async function controlsImpact(
  db: Db,
  scope: CardScope,
  controls: SpendingControls,
  now: Date,
): Promise<ControlsImpact> {
  const rows = await db
    .select(boughtColumns)
    .from(authorizations)
    .where(
      and(
        boughtWith(scope.card),
        gte(authorizations.tmsIncl, new Date(now.getTime() - IMPACT_WINDOW_MS)),
        approvedAuthorization,
      ),
    )
    // Every purchase of the window, however many: a bound here would count a busy card's later purchases as never
    // made (the company's preview, which replays every card, has none either).
    .orderBy(asc(authorizations.tmsIncl), asc(authorizations.id));
  const tally: Tally = new Map();
  const wouldDecline = replay(controls, rows, tally);
  return { approved: rows.length, wouldDecline, byControl: byControlOf(tally) };
}
