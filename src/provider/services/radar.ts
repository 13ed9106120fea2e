// The lifecycle radar (issue 18.5, decision 083): five lists of a company's holder cards that need a person, and
// their counts. One predicate per list, written once and used by the count, the page and the CSV export, so a count
// is always the length of its list. Scoped like every card read: the company must be one of the operator's.
import { and, asc, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import { BLOCK_REASONS } from '../../contracts/constants.ts';
import {
  RADAR_EXPIRING_DAYS,
  RADAR_PAGE_SIZE,
  RADAR_UNUSED_DAYS,
  type RadarCard,
  type RadarCategory,
  type RadarCounts,
} from '../../contracts/radar.ts';
import type { Db } from '../db/client.ts';
import { accounts, authorizations, cardEvents, cards, occurrences, proposals } from '../db/schema.ts';
import { fail } from '../errors.ts';
import { holderCardColumns } from './accounts.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const SAO_PAULO_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });

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
const live = and(
  sql`${accounts.statusDescription} <> 'CANCELADA'`,
  eq(cards.activeFlag, 'S'),
  or(sql`${cards.blockCode} is null`, sql`${cards.blockCode} in ${[...BLOCK_REASONS]}`),
) as SQL;

/** The newest block of the card, as recorded by the block endpoint; -infinity for a block no event recorded. */
const lastBlockAt = sql`coalesce((select max(${cardEvents.at}) from ${cardEvents}
  where ${cardEvents.cardId} = ${cards.id} and ${cardEvents.action} = 'BLOCK'), '-infinity'::timestamptz)`;

const predicates = (m: RadarMoment): Record<RadarCategory, SQL> => ({
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

const ACCENTED = 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ';
const PLAIN = 'AAAAAEEEEIIIIOOOOOUUUUCNaaaaaeeeeiiiiooooouuuucn';
/** The filter's letters as the SQL above folds the names: no accents, lower case. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The CPF digits a Consulta operator sees on screen (000.***.***-00): a filter may start with no more of them. */
const MASKED_CPF_SHOWN_PREFIX = 3;

/**
 * name, CPF (masked or not, whole or its start) or the card's last four digits (of the card or its 2ª via). For an
 * operator who sees CPFs masked (decision 090), a CPF matches only whole or by the digits the mask shows: a longer
 * start would tell, one try at a time, the digits the mask hides.
 */
function filterOf(term: string | undefined, maskedCpf = false): SQL | undefined {
  const text = term?.trim() ?? '';
  if (text === '') return undefined;
  const bare = text.replace(/[.\-\s]/g, '');
  if (/^\d+$/.test(bare)) {
    const cpfStart =
      maskedCpf && bare.length > MASKED_CPF_SHOWN_PREFIX
        ? sql`false`
        : sql`${accounts.documentNumber} like ${`${bare}%`}`;
    if (bare.length === 4) return or(eq(cards.last4, bare), eq(cards.last4TwoWay, bare), cpfStart);
    if (bare.length === 11) return eq(accounts.documentNumber, bare);
    return cpfStart;
  }
  // Words in order, without accents or case: "joao_silva" finds "João Carlos Silva".
  const words = fold(text)
    .split(/[\s_]+/)
    .filter(Boolean);
  return sql`lower(translate(${accounts.holderName}, ${ACCENTED}, ${PLAIN})) like ${`%${words.join('%')}%`}`;
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
