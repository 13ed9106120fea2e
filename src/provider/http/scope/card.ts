// The account (uuid in the path) and the card a call names, found with the operator's link to the account's company
// in one statement (prepared once, issue 17): another company's account finds no row, like an unknown one.
import { and, asc, eq, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Permission } from '../../../contracts/profiles.ts';
import type { DbExecutor } from '../../db/client.ts';
import { preparedRead } from '../../db/prepared.ts';
import { accounts, cards, userCompanies } from '../../db/schema.ts';
import type { Principal } from '../../services/sessions.ts';
import { judgeProfile, storedProfile } from './profile.ts';
import type { CardRefScope, CardScope } from './types.ts';

/** The card named by its last four digits, or by its second copy's. */
export const byLast4 = (last4: string | Placeholder) => or(eq(cards.last4, last4), eq(cards.last4TwoWay, last4));

/** The operator's link to the account's company: an inner join, so another company's account finds no row. */
const linkOf = (userId: string | Placeholder) =>
  and(eq(userCompanies.companyId, accounts.companyId), eq(userCompanies.userId, userId));

/** The account and card a call names, through the operator's companies, the oldest card first when several match. */
const cardRead = (db: DbExecutor, cardMatch: SQL | undefined) =>
  db
    .select({ account: accounts, card: cards, profile: userCompanies.profile })
    .from(accounts)
    .innerJoin(cards, eq(cards.accountId, accounts.id))
    .innerJoin(userCompanies, linkOf(sql.placeholder('userId')))
    .where(and(eq(accounts.id, sql.placeholder('accountId')), cardMatch))
    .orderBy(asc(cards.createdAt), asc(cards.id))
    .limit(1);

const byDigits = preparedRead('scope_card', (db, name) =>
  cardRead(db, byLast4(sql.placeholder('last4'))).prepare(name),
);
const holderCard = preparedRead('scope_holder_card', (db, name) =>
  cardRead(db, eq(cards.cardType, 'TITULAR')).prepare(name),
);

/** The same read for a call that needs only the ids (three columns rather than the rows' forty-five, issue 17). */
const idsByDigits = preparedRead('scope_card_ids', (db, name) =>
  db
    .select({
      account: { id: accounts.id, companyId: accounts.companyId },
      card: { id: cards.id, last4: cards.last4 },
      profile: userCompanies.profile,
    })
    .from(accounts)
    .innerJoin(cards, eq(cards.accountId, accounts.id))
    .innerJoin(userCompanies, linkOf(sql.placeholder('userId')))
    .where(and(eq(accounts.id, sql.placeholder('accountId')), byLast4(sql.placeholder('last4'))))
    .orderBy(asc(cards.createdAt), asc(cards.id))
    .limit(1)
    .prepare(name),
);

/** What names a card: the account's uuid and the card's last four digits, or null for the account's holder card. */
export interface CardKey {
  accountId: string;
  last4: string | null;
}

/** The operator's card of this key by its ids only, judged for `permission`; null when it is not theirs. */
export async function cardRefScope(
  db: DbExecutor,
  principal: Principal,
  key: CardKey & { last4: string },
  permission: Permission | null,
): Promise<CardRefScope | null> {
  const [row] = await idsByDigits(db).execute({ userId: principal.userId, accountId: key.accountId, last4: key.last4 });
  if (!row) return null;
  const profile = storedProfile(row.profile);
  judgeProfile(profile, permission);
  return {
    kind: 'card',
    principal,
    company: { id: row.account.companyId },
    profile,
    account: row.account,
    card: row.card,
  };
}

/** The operator's card of this key, judged for `permission`; null when it is not theirs (or does not exist). */
export async function cardScope(
  db: DbExecutor,
  principal: Principal,
  key: CardKey,
  permission: Permission | null,
): Promise<CardScope | null> {
  const userId = principal.userId;
  const [row] =
    key.last4 === null
      ? await holderCard(db).execute({ userId, accountId: key.accountId })
      : await byDigits(db).execute({ userId, accountId: key.accountId, last4: key.last4 });
  if (!row) return null;
  const profile = storedProfile(row.profile);
  judgeProfile(profile, permission);
  return {
    kind: 'card',
    principal,
    company: { id: row.account.companyId },
    profile,
    account: row.account,
    card: row.card,
  };
}
