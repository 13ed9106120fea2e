// The cards search (issue 27, decision 115): a company's holder cards by name, CPF or last four digits, and by
// status, keyset-paged by account number like the account list. Each kind of text has an index of its own: the
// name's words the trigram index on accounts.name_key, a CPF's start the (company, document) index as a range, the
// last four digits the cards' (last4) indexes. The company comes from the scope step, never from the request.
import { and, asc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { CardSearchQuery, CardSearchResponse } from '../../contracts/card-search.ts';
import { CPF_DIGITS, LAST4_DIGITS, readSearchTerm } from '../../contracts/card-search-term.ts';
import { PAGE_SIZE, SEARCHABLE_LOGOS } from '../../contracts/constants.ts';
import type { SubAccount } from '../../contracts/schemas.ts';
import type { DbExecutor } from '../db/client.ts';
import { accounts, cards } from '../db/schema.ts';
import { holderCardColumns, subAccountOf } from './accounts.ts';
import { statusCondition } from './card-search-status.ts';

/** The CPF digits an operator who sees CPFs masked reads on screen (000.***.***-00), as the radar's filter allows. */
const MASKED_CPF_SHOWN_PREFIX = 3;

/**
 * How the search's statements are planned, set for its transaction only (bench/search.ts explains them the same way):
 * - No parallel workers: a page is 51 rows from an index walk in account order or from a small bitmap; PostgreSQL's
 *   workers, which it picks for a filter it cannot estimate (a status), cost more to start than that walk
 *   (66 ms against 4 ms at p50, docs/performance.md). PGlite has none.
 * - A page read costs the same wherever it lies once the table is in memory (PGlite's, a warm server's): at the
 *   default 4 PGlite walked 58,000 rows in account order for two rare name words rather than read their ~800 matches
 *   from the trigram index (46 → 29 ms in the database). Common words keep the walk, which stops after a page.
 */
export const SEARCH_PLANNER_SETTINGS = ['max_parallel_workers_per_gather = 0', 'random_page_cost = 1.1'] as const;

export interface CardSearchInput extends CardSearchQuery {
  /** The operator sees CPFs masked (decision 090): a CPF matches whole or by its shown digits only. */
  maskedCpf: boolean;
  /** Rows per page; the bench and the tests may ask for fewer. */
  size?: number;
}

/** A CPF's start as a range of the (company, document) index: every CPF has 11 digits, so no LIKE is needed. */
function cpfStart(digits: string, maskedCpf: boolean): SQL | undefined {
  if (digits.length === CPF_DIGITS) return eq(accounts.documentNumber, digits);
  // A longer start would tell the masked digits one try at a time.
  if (maskedCpf && digits.length > MASKED_CPF_SHOWN_PREFIX) return undefined;
  return sql`${accounts.documentNumber} between ${digits.padEnd(CPF_DIGITS, '0')} and ${digits.padEnd(CPF_DIGITS, '9')}`;
}

/** Every word starts a word of the name (name_key has a space before each word). */
const nameWords = (words: readonly string[]) =>
  and(...words.map((w) => sql`${accounts.nameKey} like ${`% ${w}%`}`)) as SQL;

const last4Of = (digits: string) => or(eq(cards.last4, digits), eq(cards.last4TwoWay, digits)) as SQL;

/**
 * The conditions to read, each on its own so that each uses its own index: four digits are a card's end or a CPF's
 * start, two reads merged by account number. An empty list: nothing can match.
 */
function termConditions(q: string | undefined, maskedCpf: boolean): (SQL | undefined)[] {
  const term = readSearchTerm(q);
  if (term.kind === 'none') return [undefined];
  if (term.kind === 'name') return [nameWords(term.words)];
  const start = cpfStart(term.digits, maskedCpf);
  if (term.digits.length !== LAST4_DIGITS) return start ? [start] : [];
  return start ? [last4Of(term.digits), start] : [last4Of(term.digits)];
}

async function page(db: DbExecutor, companyId: number, where: SQL | undefined, input: CardSearchInput, size: number) {
  return db
    .select(holderCardColumns)
    .from(accounts)
    .innerJoin(cards, and(eq(cards.accountId, accounts.id), eq(cards.cardType, 'TITULAR')))
    .where(
      and(
        eq(accounts.companyId, companyId),
        inArray(cards.logo, [...SEARCHABLE_LOGOS]),
        where,
        statusCondition(input.status),
        input.after === undefined ? undefined : gt(accounts.accountNumber, BigInt(input.after)),
      ),
    )
    .orderBy(asc(accounts.accountNumber))
    .limit(size + 1);
}

export async function searchCards(
  db: DbExecutor,
  companyId: number,
  input: CardSearchInput,
): Promise<CardSearchResponse> {
  const size = input.size ?? PAGE_SIZE;
  const reads = await db.transaction(async (tx) => {
    for (const setting of SEARCH_PLANNER_SETTINGS) await tx.execute(sql.raw(`set local ${setting}`));
    const reads = [];
    for (const where of termConditions(input.q, input.maskedCpf))
      reads.push(await page(tx, companyId, where, input, size));
    return reads;
  });
  const byNumber = new Map<bigint, (typeof reads)[number][number]>();
  for (const row of reads.flat()) byNumber.set(row.accountNumber, row);
  const rows = [...byNumber.values()].sort((a, b) => (a.accountNumber < b.accountNumber ? -1 : 1));
  const shown = rows.slice(0, size);
  const last = shown.at(-1);
  return {
    subAccounts: shown.map((r): SubAccount => subAccountOf(r)),
    next: rows.length > size && last ? last.accountNumber.toString() : null,
  };
}
