// What a proposed company default would have done to the last 30 days of every card that follows it (issue 30): the
// company's cards without controls of their own that can still buy, with their approved purchases, read in one
// statement ordered card by card, each card replayed by the card preview's `replay` (the network path's rule).
import { and, asc, eq, gte, isNotNull, isNull, ne, not, notExists, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { BLOCK_REASONS } from '../../../contracts/constants.ts';
import type { CompanyControlsImpact, SpendingControls } from '../../../contracts/spending-controls.ts';
import type { Db } from '../../db/client.ts';
import { accounts, authorizations, cards, spendingControls } from '../../db/schema.ts';
import type { CompanyScope } from '../../http/scope/types.ts';
import { approvedAuthorization } from '../limit-usage.ts';
import { type Bought, boughtColumns, byControlOf, IMPACT_WINDOW_MS, replay, type Tally } from './impact.ts';

/** A card blocked for good, or of a cancelled account, buys nothing whatever the default says (isPermanentlyBlocked). */
const blockedByThePlatform = and(
  eq(cards.status, 'Blocked'),
  isNotNull(cards.blockCode),
  notInArray(cards.blockCode, [...BLOCK_REASONS]),
) as SQL;
const canStillBuy = and(
  ne(accounts.statusDescription, 'CANCELADA'),
  ne(cards.activeFlag, 'N'),
  not(blockedByThePlatform),
);

/** The card follows the company's default: it has no row of its own. */
const followsDefault = notExists(
  sql`(select 1 from ${spendingControls} where ${spendingControls.cardId} = ${cards.id})`,
);

export async function companyControlsImpact(
  db: Db,
  scope: CompanyScope,
  controls: SpendingControls | null,
  now: Date,
): Promise<CompanyControlsImpact> {
  const boughtWithCard = and(
    eq(authorizations.accountId, cards.accountId),
    // A row from before issue 30 (no card) is the holder card's, as the card's own preview reads it (boughtWith).
    or(eq(authorizations.cardId, cards.id), and(isNull(authorizations.cardId), eq(cards.cardType, 'TITULAR'))),
    gte(authorizations.tmsIncl, new Date(now.getTime() - IMPACT_WINDOW_MS)),
    approvedAuthorization,
  );
  const rows = await db
    .select({ card: cards.id, ...boughtColumns })
    .from(cards)
    .innerJoin(accounts, eq(accounts.id, cards.accountId))
    .leftJoin(authorizations, boughtWithCard)
    .where(and(eq(accounts.companyId, scope.company.id), canStillBuy, followsDefault))
    .orderBy(asc(cards.id), asc(authorizations.tmsIncl), asc(authorizations.id));
  const perCard = new Map<string, Bought[]>();
  for (const { card, atMs, cents, ...rest } of rows) {
    const bought = perCard.get(card) ?? [];
    // A card without purchases in the window comes once, with no authorization.
    if (atMs !== null && cents !== null) bought.push({ atMs, cents, ...rest });
    perCard.set(card, bought);
  }
  const tally: Tally = new Map();
  let approved = 0;
  let wouldDecline = 0;
  for (const bought of perCard.values()) {
    approved += bought.length;
    // Without a default (null: the default removed) the cards buy as their limit allows: nothing is declined.
    if (controls) wouldDecline += replay(controls, bought, tally);
  }
  return { cards: perCard.size, approved, wouldDecline, byControl: byControlOf(tally) };
}
