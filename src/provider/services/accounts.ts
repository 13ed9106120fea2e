// The keyset-paged account list: `startAccount` plus a direction, never OFFSET, so the millionth page
// costs what the first one does.
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { PAGE_SIZE } from '../../contracts/constants.ts';
import type { SubAccount } from '../../contracts/schemas.ts';
import type { Db, DbExecutor } from '../db/client.ts';
import { preparedRead } from '../db/prepared.ts';
import { accounts, cards } from '../db/schema.ts';

export type PageDirection = 'N' | 'P' | '';

type Keyset = 'first' | 'after' | 'before';

/** An account with its holder card, as the account list and the lifecycle radar both read it. */
export const holderCardColumns = {
  accountNumber: accounts.accountNumber,
  uuid: accounts.id,
  holderName: accounts.holderName,
  documentNumber: accounts.documentNumber,
  last4: cards.last4,
  last4TwoWay: cards.last4TwoWay,
  cardStatus: cards.status,
  blockCode: cards.blockCode,
  accountBlockingCodeTwo: accounts.accountBlockingCodeTwo,
  accountWarningCode: accounts.accountWarningCode,
  logo: cards.logo,
  statusDescription: accounts.statusDescription,
  activeFlag: cards.activeFlag,
};

/** A row of those columns, as drizzle reads it (nullable columns may be null). */
interface HolderCardRow {
  accountNumber: bigint;
  uuid: string;
  holderName: string;
  documentNumber: string;
  last4: string;
  last4TwoWay: string | null;
  cardStatus: string;
  blockCode: string | null;
  accountBlockingCodeTwo: string | null;
  accountWarningCode: string | null;
  logo: number;
  statusDescription: string;
  activeFlag: string;
}

/** A row of those columns as the list answers it (spec section 3, card sub-account row). */
export const subAccountOf = (r: HolderCardRow): SubAccount => ({
  account: r.accountNumber.toString(),
  uuid: r.uuid,
  cardHolder: r.holderName,
  documentNumber: r.documentNumber,
  last4Digits: r.last4,
  last4Digits2Way: r.last4TwoWay,
  cardStatus: r.cardStatus === 'Actived' ? 'active' : 'inactive',
  cardBlockingCode: r.blockCode,
  accountBlockingCodeTwo: r.accountBlockingCodeTwo,
  accountWarningCode: r.accountWarningCode,
  logo: r.logo,
  accountStatusDescription: r.statusDescription,
  activeFlag: r.activeFlag,
});

/** The three shapes of a page (the first, the one after an account, the one before it), each prepared once. */
const pageRead = (keyset: Keyset) =>
  preparedRead(`accounts_page_${keyset}`, (db: DbExecutor, name) => {
    const start = sql.placeholder('start');
    const fromStart =
      keyset === 'after'
        ? gt(accounts.accountNumber, start)
        : keyset === 'before'
          ? lt(accounts.accountNumber, start)
          : undefined;
    return db
      .select(holderCardColumns)
      .from(accounts)
      .innerJoin(cards, and(eq(cards.accountId, accounts.id), eq(cards.cardType, 'TITULAR')))
      .where(and(eq(accounts.companyId, sql.placeholder('companyId')), fromStart))
      .orderBy(keyset === 'before' ? desc(accounts.accountNumber) : asc(accounts.accountNumber))
      .limit(PAGE_SIZE)
      .prepare(name);
  });
const pageReads = { first: pageRead('first'), after: pageRead('after'), before: pageRead('before') };

export async function pageAccounts(
  db: Db,
  companyId: number,
  startAccount: bigint | null,
  direction: PageDirection,
): Promise<SubAccount[]> {
  const backwards = direction === 'P' && startAccount !== null;
  const keyset: Keyset = startAccount === null ? 'first' : backwards ? 'before' : 'after';
  const rows = await pageReads[keyset](db).execute({ companyId, start: startAccount?.toString() ?? null });
  if (backwards) rows.reverse();
  return rows.map(subAccountOf);
}
