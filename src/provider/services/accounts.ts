// The keyset-paged account list: `startAccount` plus a direction, never OFFSET, so the millionth page
// costs what the first one does.
import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import { PAGE_SIZE } from '../../contracts/constants.ts';
import type { SubAccount } from '../../contracts/schemas.ts';
import type { Db } from '../db/client.ts';
import { accounts, cards } from '../db/schema.ts';

export type PageDirection = 'N' | 'P' | '';

export async function pageAccounts(
  db: Db,
  companyId: number,
  startAccount: bigint | null,
  direction: PageDirection,
): Promise<SubAccount[]> {
  const backwards = direction === 'P' && startAccount !== null;
  const keyset =
    startAccount === null
      ? undefined
      : backwards
        ? lt(accounts.accountNumber, startAccount)
        : gt(accounts.accountNumber, startAccount);
  const rows = await db
    .select({
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
    })
    .from(accounts)
    .innerJoin(cards, and(eq(cards.accountId, accounts.id), eq(cards.cardType, 'TITULAR')))
    .where(and(eq(accounts.companyId, companyId), keyset))
    .orderBy(backwards ? desc(accounts.accountNumber) : asc(accounts.accountNumber))
    .limit(PAGE_SIZE);
  if (backwards) rows.reverse();
  return rows.map((r) => ({
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
  }));
}
