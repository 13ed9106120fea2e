// Card reads, every one scoped to the companies the signed-in operator may act for: an account of another
// company answers exactly like an unknown one (null), so a probe learns nothing.
import { and, asc, eq, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { BLOCK_REASONS, Logo, ORG, SEARCHABLE_LOGOS } from '../../contracts/constants.ts';
import { messages } from '../../contracts/messages.ts';
import { centsOf } from '../../contracts/money.ts';
import type { AccountData, CardConsult, CardResult } from '../../contracts/schemas.ts';
import type { DbExecutor } from '../db/client.ts';
import { preparedRead } from '../db/prepared.ts';
import { accounts, cards, companies, userCompanies } from '../db/schema.ts';
import { limitOf, usedCents } from './limit-usage.ts';
import { requireLinkedPermission } from './profiles.ts';

export type AccountRow = typeof accounts.$inferSelect;
export type CardRow = typeof cards.$inferSelect;

/**
 * The operator's link to the account's company: an inner join, so an account of a company not theirs finds no row,
 * and its profile comes back with the row for the permission check (one statement, not two: issue 17).
 */
const linkOf = (userId: string | Placeholder) =>
  and(eq(userCompanies.companyId, accounts.companyId), eq(userCompanies.userId, userId));

/** The card named by its last four digits, or by its second copy's. */
const byLast4 = (last4: string | Placeholder) => or(eq(cards.last4, last4), eq(cards.last4TwoWay, last4));

/** The account with its company's relation code, when it belongs to one of the operator's companies. */
export async function accountOfUser(db: DbExecutor, userId: string, accountId: string) {
  const [row] = await db
    .select({ account: accounts, relationCode: companies.relationCode, profile: userCompanies.profile })
    .from(accounts)
    .innerJoin(companies, eq(companies.id, accounts.companyId))
    .innerJoin(userCompanies, linkOf(userId))
    .where(eq(accounts.id, accountId));
  if (!row) return null;
  requireLinkedPermission(row.profile);
  return { account: row.account, relationCode: row.relationCode };
}

/**
 * The account and the card the operator names by its last four digits (of the card itself or of its second
 * copy), locked for update when asked, inside the caller's transaction. Without `last4` the holder card.
 */
/** The account and card a read names, through the operator's companies, in the order the first match wins. */
function cardQuery(
  db: DbExecutor,
  accountId: string | Placeholder,
  userId: string | Placeholder,
  cardMatch: SQL | undefined,
) {
  return db
    .select({ account: accounts, card: cards, profile: userCompanies.profile })
    .from(accounts)
    .innerJoin(cards, eq(cards.accountId, accounts.id))
    .innerJoin(userCompanies, linkOf(userId))
    .where(and(eq(accounts.id, accountId), cardMatch))
    .orderBy(asc(cards.createdAt), asc(cards.id))
    .limit(1);
}

/** Details, history and every card screen read the card this way: prepared once (issue 17), for both ways of naming it. */
const cardByLast4Read = preparedRead('card_by_last4', (db, name) =>
  cardQuery(db, sql.placeholder('accountId'), sql.placeholder('userId'), byLast4(sql.placeholder('last4'))).prepare(
    name,
  ),
);
const holderCardRead = preparedRead('holder_card', (db, name) =>
  cardQuery(db, sql.placeholder('accountId'), sql.placeholder('userId'), eq(cards.cardType, 'TITULAR')).prepare(name),
);

export async function cardOfUser(
  db: DbExecutor,
  userId: string,
  accountId: string,
  last4: string | null,
  lock = false,
): Promise<{ account: AccountRow; card: CardRow } | null> {
  const [row] = lock
    ? await cardQuery(db, accountId, userId, last4 === null ? eq(cards.cardType, 'TITULAR') : byLast4(last4)).for(
        'update',
        { of: [accounts, cards] },
      )
    : last4 === null
      ? await holderCardRead(db).execute({ userId, accountId })
      : await cardByLast4Read(db).execute({ userId, accountId, last4 });
  if (!row) return null;
  requireLinkedPermission(row.profile);
  return { account: row.account, card: row.card };
}

/**
 * The account a card names (by its last four digits or its second copy's), as `cardOfUser` finds it, for the reads
 * that need only which account and company it is (history, due dates, invoice transactions): three columns instead of
 * the account's and card's forty-five, each of which the driver decodes and drizzle maps on every call (issue 17).
 */
export const cardAccountQuery = (db: DbExecutor) =>
  db
    .select({ id: accounts.id, companyId: accounts.companyId, profile: userCompanies.profile })
    .from(accounts)
    .innerJoin(cards, eq(cards.accountId, accounts.id))
    .innerJoin(userCompanies, linkOf(sql.placeholder('userId')))
    .where(and(eq(accounts.id, sql.placeholder('accountId')), byLast4(sql.placeholder('last4'))))
    .limit(1);
const cardAccountRead = preparedRead('card_account_by_last4', (db, name) => cardAccountQuery(db).prepare(name));

export async function cardAccountOfUser(
  db: DbExecutor,
  userId: string,
  accountId: string,
  last4: string,
): Promise<{ id: string; companyId: number } | null> {
  const [row] = await cardAccountRead(db).execute({ userId, accountId, last4 });
  if (!row) return null;
  requireLinkedPermission(row.profile);
  return { id: row.id, companyId: row.companyId };
}

/**
 * The platform's permanent block code of a card, or null. Only the four reasons an operator picks on the block
 * screen (P, R, BE, O) on a live account are temporary blocks, which the portal can lift; a block on a cancelled
 * account, or with any other code the platform set, is permanent and is what the consult reports as blockCode.
 */
export function permanentBlockCode(card: CardRow, account: AccountRow): string | null {
  if (account.statusDescription === 'CANCELADA') return card.blockCode ?? 'O';
  if (card.status !== 'Blocked' || !card.blockCode) return null;
  return (BLOCK_REASONS as readonly string[]).includes(card.blockCode) ? null : card.blockCode;
}

/** Spec section 4: activeFlag N, or activeFlag S together with a (permanent) block code. */
export function isPermanentlyBlocked(card: CardRow, account: AccountRow): boolean {
  return card.activeFlag === 'N' || permanentBlockCode(card, account) !== null;
}

export function consultOf(card: CardRow, account: AccountRow): CardConsult {
  return {
    activeFlag: card.activeFlag === 'N' ? 'N' : 'S',
    blockCode: permanentBlockCode(card, account),
    status: card.status === 'Actived' ? 'Actived' : 'Blocked',
    passwordBlocked: card.passwordBlocked,
  };
}

function cardResults(rows: { account: AccountRow; card: CardRow; relationCode: string }[]): CardResult[] {
  const virtualOf = new Map<string, string>();
  for (const r of rows) if (r.card.cardType === 'VIRTUAL') virtualOf.set(r.account.id, r.card.last4);
  return rows.map(({ account, card, relationCode }) => ({
    uuid: account.id,
    account: account.accountNumber.toString(),
    cardHolder: account.holderName,
    documentNumber: account.documentNumber,
    last4digits: card.last4,
    last4Digits2Way: card.last4TwoWay,
    last4DigitsVirtual: virtualOf.get(account.id) ?? null,
    cardType: card.cardType === 'VIRTUAL' ? 'VIRTUAL' : 'TITULAR',
    logo: card.logo,
    numLogo: card.logo,
    org: ORG,
    status: card.status === 'Actived' ? 'Actived' : 'Blocked',
    blockCode: card.blockCode,
    relationCode,
    cardStatus: card.status === 'Actived' ? 'active' : 'inactive',
    cardBlockingCode: card.blockCode,
    accountBlockingCodeTwo: account.accountBlockingCodeTwo,
    accountWarningCode: account.accountWarningCode,
  }));
}

const cardRowsQuery = (db: DbExecutor) =>
  db
    .select({ account: accounts, card: cards, relationCode: companies.relationCode })
    .from(accounts)
    .innerJoin(cards, eq(cards.accountId, accounts.id))
    .innerJoin(companies, eq(companies.id, accounts.companyId));

/** The searchable cards (logos 1 and 2) of a CPF inside one company the caller already checked. */
export async function cardsByDocument(db: DbExecutor, companyId: number, cpf: string): Promise<CardResult[]> {
  const rows = await cardRowsQuery(db)
    .where(
      and(
        eq(accounts.companyId, companyId),
        eq(accounts.documentNumber, cpf),
        inArray(cards.logo, [...SEARCHABLE_LOGOS]),
      ),
    )
    .orderBy(asc(accounts.accountNumber), asc(cards.createdAt), asc(cards.id));
  return cardResults(rows);
}

export async function cardsOfAccount(db: DbExecutor, userId: string, accountId: string): Promise<CardResult[]> {
  // cardRowsQuery's rows, with the operator's link joined for its profile (drizzle fixes the columns at select()).
  const rows = await db
    .select({ account: accounts, card: cards, relationCode: companies.relationCode, profile: userCompanies.profile })
    .from(accounts)
    .innerJoin(cards, eq(cards.accountId, accounts.id))
    .innerJoin(companies, eq(companies.id, accounts.companyId))
    .innerJoin(userCompanies, linkOf(userId))
    .where(eq(accounts.id, accountId))
    .orderBy(asc(cards.createdAt), asc(cards.id));
  if (rows[0]) requireLinkedPermission(rows[0].profile);
  return cardResults(rows);
}

/** 1980-04-07 → 07041980 */
export const toDdMmYyyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;

export const modalityOf = (logo: number) =>
  logo === Logo.black ? messages.cardApi.modalityBlack : messages.cardApi.modalityGreen;

export async function holderData(db: DbExecutor, userId: string, accountId: string): Promise<AccountData | null> {
  const found = await cardOfUser(db, userId, accountId, null);
  if (!found) return null;
  const { account: a, card } = found;
  const number = a.accountNumber.toString();
  const limit = limitOf(centsOf(a.creditLimit), await usedCents(db, a.id));
  return {
    uuid: a.id,
    account: number,
    accountNumber: number,
    mainAccount: a.mainAccount,
    clientNameHolder: a.holderName,
    motherName: a.motherName,
    mail: a.email,
    phoneNumber: a.phoneNumber ?? '',
    ddd: a.phoneDdd ?? '',
    cellPhone: a.cellPhone,
    dddCellPhone: a.cellDdd,
    zipCode: a.zipCode,
    addressNumber: a.addressNumber,
    addressComplement: a.addressComplement ?? '',
    address: a.address,
    state: a.state,
    city: a.city,
    district: a.district,
    gender: a.gender,
    birthDate: toDdMmYyyy(a.birthDate),
    documentNumber: a.documentNumber,
    // The same derived figures as the limit screen: available = limit − used (limits.ts).
    creditLimitNac: limit.creditLimit,
    creditLimitNacAvailable: limit.availableLimit,
    accountStatusDescription: a.statusDescription,
    flagTypeBilling: a.flagTypeBilling === 1 ? 1 : a.flagTypeBilling === 2 ? 2 : 0,
    cardStatus: card.status === 'Actived' ? 'active' : 'inactive',
    logo: card.logo,
    last4digits: card.last4,
    modality: modalityOf(card.logo),
  };
}
