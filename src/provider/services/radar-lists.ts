// The lifecycle radar's lists (issue 18.5, decision 083): the moment they are read for and one predicate per list,
// written once and used by the count, the page and the CSV export, so a count is always the length of its list.
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { BLOCK_REASONS } from '../../contracts/constants.ts';
import { RADAR_EXPIRING_DAYS, RADAR_UNUSED_DAYS, type RadarCategory } from '../../contracts/radar.ts';
import { accounts, authorizations, cardEvents, cards, occurrences, proposals } from '../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SAO_PAULO_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });

/** The moment the radar is read for: São Paulo's day (for expiry) and the start of the 45-day window. */
export interface RadarMoment {
  today: string;
  expiringUntil: string;
  unusedSince: Date;
}

export function radarMoment(now: Date): RadarMoment {
  const today = SAO_PAULO_DAY.format(now);
  const until = new Date(`${today}T12:00:00Z`);
  until.setUTCDate(until.getUTCDate() + RADAR_EXPIRING_DAYS);
  return {
    today,
    expiringUntil: until.toISOString().slice(0, 10),
    unusedSince: new Date(now.getTime() - RADAR_UNUSED_DAYS * DAY_MS),
  };
}

/**
 * A card the portal can still act on: its account is not cancelled, it is not deactivated and any block it has is
 * one of the four an operator sets (a platform's own block code is permanent, cards.ts).
 */
export const live = and(
  sql`${accounts.statusDescription} <> 'CANCELADA'`,
  eq(cards.activeFlag, 'S'),
  or(sql`${cards.blockCode} is null`, sql`${cards.blockCode} in ${[...BLOCK_REASONS]}`),
) as SQL;

/** The newest block of the card, as recorded by the block endpoint; -infinity for a block no event recorded. */
const lastBlockAt = sql`coalesce((select max(${cardEvents.at}) from ${cardEvents}
  where ${cardEvents.cardId} = ${cards.id} and ${cardEvents.action} = 'BLOCK'), '-infinity'::timestamptz)`;

export const predicates = (m: RadarMoment): Record<RadarCategory, SQL> => ({
  // Blocked for loss (P) or theft (R), and no second copy asked for since that block. A card whose second copy
  // digits the platform already carries, blocked before any recorded block, counts as replaced.
  'lost-or-stolen': sql`${cards.status} = 'Blocked' and ${cards.blockCode} in ('P', 'R')
    and not exists (select 1 from ${occurrences} where ${occurrences.cardId} = ${cards.id}
      and ${occurrences.modalityType} = 'ISSUE_CARD_2_WAY' and ${occurrences.at} >= ${lastBlockAt})
    and (${cards.last4TwoWay} is null or exists (select 1 from ${cardEvents}
      where ${cardEvents.cardId} = ${cards.id} and ${cardEvents.action} = 'BLOCK'))`,
  'password-blocked': sql`${cards.passwordBlocked}`,
  // Active, issued before the window began, and no authorization (of any outcome) inside it.
  unused: sql`${cards.status} = 'Actived' and ${cards.createdAt} <= ${m.unusedSince}
    and not exists (select 1 from ${authorizations} where ${authorizations.accountId} = ${accounts.id}
      and ${authorizations.tmsIncl} >= ${m.unusedSince})`,
  expiring: sql`${cards.expiresOn} >= ${m.today} and ${cards.expiresOn} <= ${m.expiringUntil}`,
  // Requested through the portal (a proposal opened the account) and never used since.
  pending: sql`exists (select 1 from ${proposals} where ${proposals.companyId} = ${accounts.companyId}
      and ${proposals.documentNumber} = ${accounts.documentNumber} and ${proposals.accountId} = ${accounts.id})
    and not exists (select 1 from ${authorizations} where ${authorizations.accountId} = ${accounts.id})`,
});
