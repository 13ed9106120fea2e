// Card reads and the card rules every screen shares. Which account and card a call may reach is the scope step's
// (http/scope): these functions take the card scope it found, or a company it judged.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { BLOCK_REASONS, Logo, ORG, SEARCHABLE_LOGOS } from '../../contracts/constants.ts';
import { messages } from '../../contracts/messages.ts';
import { centsOf } from '../../contracts/money.ts';
import type { AccountData, CardConsult, CardResult } from '../../contracts/schemas.ts';
import type { DbExecutor } from '../db/client.ts';
import { accounts, cards, companies } from '../db/schema.ts';
import { fail } from '../errors.ts';
import type { AccountRow, CardRow, CardScope, CompanyScope } from '../http/scope/types.ts';
import { limitOf, usedCents } from './limit-usage.ts';

export type { AccountRow, CardRow } from '../http/scope/types.ts';

/**
 * The account and the card of a card scope locked for a change, inside the change's transaction, as they are now
 * (another change may have committed while this one waited for the lock). Locks only these two rows.
 */
export async function lockCard(tx: DbExecutor, scope: CardScope): Promise<{ account: AccountRow; card: CardRow }> {
  const [row] = await tx
    .select({ account: accounts, card: cards })
    .from(accounts)
    .innerJoin(cards, eq(cards.accountId, accounts.id))
    .where(and(eq(accounts.id, scope.account.id), eq(cards.id, scope.card.id)))
    .for('update', { of: [accounts, cards] });
  if (!row) fail('CARD_NOT_FOUND');
  return row;
}

/**
 * A card of the company a company scope already judged, named by the holder's CPF and the card's last four digits
 * (a bulk file's row): the card scope the single-card services take, with the operator's profile in that company.
 */
export async function cardInCompany(
  db: DbExecutor,
  scope: CompanyScope,
  accountId: string,
  cardId: string,
): Promise<CardScope> {
  const [row] = await db
    .select({ account: accounts, card: cards })
    .from(accounts)
    .innerJoin(cards, eq(cards.accountId, accounts.id))
    .where(and(eq(accounts.id, accountId), eq(cards.id, cardId), eq(accounts.companyId, scope.company.id)));
  if (!row) fail('CARD_NOT_FOUND');
  return {
    kind: 'card',
    principal: scope.principal,
    company: { id: scope.company.id },
    profile: scope.profile,
    ...row,
  };
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
    accountStatusDescription: account.statusDescription,
    activeFlag: card.activeFlag,
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

/** Every card of the account (its holder card first), as the card screens list them. */
export async function cardsOfAccount(db: DbExecutor, accountId: string): Promise<CardResult[]> {
  const rows = await cardRowsQuery(db).where(eq(accounts.id, accountId)).orderBy(asc(cards.createdAt), asc(cards.id));
  return cardResults(rows);
}

/** 1980-04-07 → 07041980 */
export const toDdMmYyyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;

export const modalityOf = (logo: number) =>
  logo === Logo.black ? messages.cardApi.modalityBlack : messages.cardApi.modalityGreen;

export async function holderData(db: DbExecutor, scope: CardScope): Promise<AccountData> {
  const { account: a, card } = scope;
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
