// What a proposed company default would have done to the last 30 days of every card that follows it (issue 30): the
// company's cards without controls of their own that can still buy, with their approved purchases, read in one
// statement, each card put in time order and replayed by the card preview's `replay` (the network path's rule).
import { and, eq, gte, isNotNull, isNull, ne, not, notExists, notInArray, or, type SQL, sql } from 'drizzle-orm';
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
    .select({ card: cards.id, id: authorizations.id, ...boughtColumns })
    .from(cards)
    .innerJoin(accounts, eq(accounts.id, cards.accountId))
    .leftJoin(authorizations, boughtWithCard)
    .where(and(eq(accounts.companyId, scope.company.id), canStillBuy, followsDefault));
  // Grouped and put in time order here, card by card: the database's sort of every row at once spilled to disk for a
  // company of thousands of cards, and a card's few dozen purchases sort in no time.
  const perCard = new Map<string, (Bought & { id: number })[]>();
  for (const { card, id, atMs, cents, ...rest } of rows) {
    const bought = perCard.get(card) ?? [];
    // A card without purchases in the window comes once, with no authorization.
    if (id !== null && atMs !== null && cents !== null) bought.push({ id, atMs, cents, ...rest });
    perCard.set(card, bought);
  }
  // The card preview's order: time, then the authorization's id.
  for (const bought of perCard.values()) bought.sort((a, b) => a.atMs - b.atMs || a.id - b.id);
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
