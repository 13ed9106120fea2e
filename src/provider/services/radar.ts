// The lifecycle radar (issue 18.5, decision 083): five lists of a company's holder cards that need a person, and
// their counts. One predicate per list, written once and used by the count, the page and the CSV export, so a count
// is always the length of its list. Scoped like every card read: the company must be one of the operator's.
// The lists' predicates are in radar-lists.ts, their filter in radar-filter.ts.
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { RADAR_PAGE_SIZE, type RadarCard, type RadarCategory, type RadarCounts } from '../../contracts/radar.ts';
import type { Db } from '../db/client.ts';
import { accounts, authorizations, cards, proposals } from '../db/schema.ts';
import { fail } from '../errors.ts';
import { holderCardColumns } from './accounts.ts';
import { filterOf } from './radar-filter.ts';
import { live, predicates, type RadarMoment, SAO_PAULO_DAY } from './radar-lists.ts';

export { type RadarMoment, radarMoment } from './radar-lists.ts';

/** The five counts in one pass over the company's holder cards (decision 083 on what it costs). */
export async function radarCounts(db: Db, companyId: number, moment: RadarMoment): Promise<RadarCounts> {
  const p = predicates(moment);
  const n = (category: RadarCategory) => sql<number>`(count(*) filter (where ${p[category]}))::int`;
  const [row] = await db
    .select({
      'lost-or-stolen': n('lost-or-stolen'),
      'password-blocked': n('password-blocked'),
      unused: n('unused'),
      expiring: n('expiring'),
      pending: n('pending'),
    })
    .from(accounts)
    .innerJoin(cards, and(eq(cards.accountId, accounts.id), eq(cards.cardType, 'TITULAR')))
    .where(and(eq(accounts.companyId, companyId), live));
  return {
    'lost-or-stolen': Number(row?.['lost-or-stolen'] ?? 0),
    'password-blocked': Number(row?.['password-blocked'] ?? 0),
    unused: Number(row?.unused ?? 0),
    expiring: Number(row?.expiring ?? 0),
    pending: Number(row?.pending ?? 0),
  };
}

/** The length of one list, filtered as its page is (the export's row count). */
export async function radarListCount(
  db: Db,
  companyId: number,
  moment: RadarMoment,
  category: RadarCategory,
  filter?: string,
  maskedCpf = false,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .innerJoin(cards, and(eq(cards.accountId, accounts.id), eq(cards.cardType, 'TITULAR')))
    .where(and(eq(accounts.companyId, companyId), live, predicates(moment)[category], filterOf(filter, maskedCpf)));
  return Number(row?.n ?? 0);
}

/** The cursor's keyset condition; a cursor of the other shape is refused rather than guessed at. */
function keysetOf(category: RadarCategory, after: string | undefined): SQL | undefined {
  if (after === undefined) return undefined;
  const [first, second] = after.split('~') as [string, string | undefined];
  const byExpiry = category === 'expiring';
  if (byExpiry !== (second !== undefined)) fail('RADAR_CURSOR_INVALID');
  if (!byExpiry) return gt(accounts.accountNumber, BigInt(first));
  return sql`(${cards.expiresOn}, ${accounts.accountNumber}) > (${first}::date, ${BigInt(second as string)})`;
}

export interface RadarPageInput {
  category: RadarCategory;
  after?: string;
  filter?: string;
  /** The operator sees CPFs masked (Consulta, decision 090): the filter matches a CPF only as far as the mask shows. */
  maskedCpf?: boolean;
  /** Rows per page; the export reads bigger batches. */
  size?: number;
}

const isoDay = (d: Date | string | null): string | null =>
  d === null ? null : typeof d === 'string' ? d.slice(0, 10) : SAO_PAULO_DAY.format(d);

/** One keyset page of a list, in its order (expiry first for the expiring list, account number otherwise). */
export async function radarPage(
  db: Db,
  companyId: number,
  moment: RadarMoment,
  input: RadarPageInput,
): Promise<{ cards: RadarCard[]; next: string | null }> {
  const size = input.size ?? RADAR_PAGE_SIZE;
  const byExpiry = input.category === 'expiring';
  const rows = await db
    .select({
      ...holderCardColumns,
      expiresOn: cards.expiresOn,
      lastUseAt: sql<Date | string | null>`(select max(${authorizations.tmsIncl}) from ${authorizations}
        where ${authorizations.accountId} = ${accounts.id})`,
      requestedAt:
        input.category === 'pending'
          ? sql<Date | string | null>`(select min(${proposals.createdAt}) from ${proposals}
            where ${proposals.companyId} = ${accounts.companyId}
              and ${proposals.documentNumber} = ${accounts.documentNumber} and ${proposals.accountId} = ${accounts.id})`
          : sql<null>`null`,
    })
    .from(accounts)
    .innerJoin(cards, and(eq(cards.accountId, accounts.id), eq(cards.cardType, 'TITULAR')))
    .where(
      and(
        eq(accounts.companyId, companyId),
        live,
        predicates(moment)[input.category],
        filterOf(input.filter, input.maskedCpf),
        keysetOf(input.category, input.after),
      ),
    )
    .orderBy(...(byExpiry ? [asc(cards.expiresOn), asc(accounts.accountNumber)] : [asc(accounts.accountNumber)]))
    .limit(size + 1);
  const page = rows.slice(0, size);
  const last = page.at(-1);
  const next =
    rows.length > size && last
      ? byExpiry
        ? `${last.expiresOn}~${last.accountNumber}`
        : last.accountNumber.toString()
      : null;
  return {
    next,
    cards: page.map((r) => ({
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
      expiresOn: r.expiresOn,
      lastUseOn: isoDay(r.lastUseAt === null ? null : new Date(r.lastUseAt)),
      requestedOn: isoDay(r.requestedAt === null ? null : new Date(r.requestedAt)),
    })),
  };
}
