// The cards search (issue 27, decision 115): a company's holder cards by name, CPF or last four digits, and by
// status, keyset-paged by account number like the account list. Each kind of text has an index of its own: a CPF's
// start the (company, document) index as a range, the last four digits the cards' (last4) indexes, and the name's
// words either a walk in account order or the index of every word start of the name (migration 0021), whichever a
// first short walk says is cheaper (nameSearch below). The company comes from the scope step, never from the request.
import { type AnyColumn, and, asc, eq, gt, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { CardSearchQuery, CardSearchResponse } from '../../contracts/card-search.ts';
import { CPF_DIGITS, LAST4_DIGITS, readSearchTerm, type SearchTerm } from '../../contracts/card-search-term.ts';
import { PAGE_SIZE, SEARCHABLE_LOGOS } from '../../contracts/constants.ts';
import type { SubAccount } from '../../contracts/schemas.ts';
import type { DbExecutor } from '../db/client.ts';
import { accounts, cards, companies } from '../db/schema.ts';
import { holderCardColumns, subAccountOf } from './accounts.ts';
import { statusCondition } from './card-search-status.ts';

/** The CPF digits an operator who sees CPFs masked reads on screen (000.***.***-00), as the radar's filter allows. */
const MASKED_CPF_SHOWN_PREFIX = 3;

/**
 * How the search's statements are planned, set for its transaction only (bench/search.ts explains them the same way):
 * - No parallel workers: a page is 51 rows from an index walk in account order or from a small bitmap; PostgreSQL's
 *   workers, which it picks for a filter it cannot estimate (a status), cost more to start than that walk
 *   (66 ms against 4 ms at p50, docs/performance.md). PGlite has none.
 * - A page read costs the same wherever it lies once the table is in memory (PGlite's, a warm server's): the name
 *   index's few matches are read as a bitmap rather than by scanning the table (at the default 4, PGlite priced the
 *   two close and once walked 58,000 accounts for two rare words). All the figures of decision 151 were taken so.
 */
const SEARCH_PLANNER_SETTINGS = { max_parallel_workers_per_gather: '0', random_page_cost: '1.1' } as const;

/**
 * The settings for the current transaction only, in one statement (`set local` takes one setting a statement): what
 * the search runs first, and what bench/search.ts runs before it explains the search's statements.
 */
export const SEARCH_PLANNER_STATEMENT = `select ${Object.entries(SEARCH_PLANNER_SETTINGS)
  .map(([name, value]) => `set_config('${name}', '${value}', true)`)
  .join(', ')}`;

export interface CardSearchInput extends CardSearchQuery {
  /** The operator sees CPFs masked (decision 090): a CPF matches whole or by its shown digits only. */
  maskedCpf: boolean;
  /** Rows per page; the bench and the tests may ask for fewer. */
  size?: number;
  /** Accounts a name search walks before it weighs the name index (WALK_FIRST); the tests ask for fewer. */
  walkFirst?: number;
}

/**
 * A name search first walks this many accounts in account order (about 5 ms on PGlite at a million holders). What it
 * finds there is the page when the words are common; when they are not, how many names it met tells what each way of
 * reading the rest would cost.
 */
const WALK_FIRST = 2_000;
/**
 * What reading one match through the name index costs (its entries, its row, its card) against testing one more
 * account in account order, measured on PGlite at a million holders with each way forced (bench/search.ts): "maria
 * silva" read its 1,715 matches through the index in ~30 ms and walked ~15,000 accounts in ~20 ms.
 */
const INDEX_MATCH_COST = 15;

/** A CPF's start as a range of the (company, document) index: every CPF has 11 digits, so no LIKE is needed. */
function cpfStart(digits: string, maskedCpf: boolean): SQL | undefined {
  if (digits.length === CPF_DIGITS) return eq(accounts.documentNumber, digits);
  // A longer start would tell the masked digits one try at a time.
  if (maskedCpf && digits.length > MASKED_CPF_SHOWN_PREFIX) return undefined;
  return sql`${accounts.documentNumber} between ${digits.padEnd(CPF_DIGITS, '0')} and ${digits.padEnd(CPF_DIGITS, '9')}`;
}

/**
 * Every word starts a word of the name, tested on the row: name_key has a space before each word. strpos rather than
 * LIKE: the same test without a pattern to read, and the walk runs it on every account it passes. `nameKey`: the
 * accounts' own column, or the first stretch's copy of it.
 */
const nameWords = (words: readonly string[], nameKey: AnyColumn = accounts.nameKey) =>
  and(...words.map((w) => sql`strpos(${nameKey}, ${` ${w}`}) <> 0`)) as SQL;

/** The same test answered by the index of the names' word starts (migration 0021): each word is a whole entry. */
const nameWordsIndexed = (words: readonly string[]) =>
  sql`name_key_prefixes(${accounts.nameKey}) @> ${sql.param([...words])}::text[]`;

const last4Of = (digits: string) => or(eq(cards.last4, digits), eq(cards.last4TwoWay, digits)) as SQL;

/**
 * The conditions to read, each on its own so that each uses its own index: four digits are a card's end or a CPF's
 * start, two reads merged by account number. An empty list: nothing can match.
 */
function termConditions(term: Exclude<SearchTerm, { kind: 'name' }>, maskedCpf: boolean): (SQL | undefined)[] {
  if (term.kind === 'none') return [undefined];
  const start = cpfStart(term.digits, maskedCpf);
  if (term.digits.length !== LAST4_DIGITS) return start ? [start] : [];
  return start ? [last4Of(term.digits), start] : [last4Of(term.digits)];
}

const afterOf = (input: CardSearchInput) => (input.after === undefined ? undefined : BigInt(input.after));

/** Account numbers after the page's cursor, and up to `through` when given. */
const accountRange = (after: bigint | undefined, through?: bigint) =>
  and(
    after === undefined ? undefined : gt(accounts.accountNumber, after),
    through === undefined ? undefined : lte(accounts.accountNumber, through),
  );

async function page(
  db: DbExecutor,
  companyId: number,
  where: SQL | undefined,
  input: CardSearchInput,
  limit: number,
  range: SQL | undefined = accountRange(afterOf(input)),
) {
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
        range,
      ),
    )
    .orderBy(asc(accounts.accountNumber))
    .limit(limit);
}

type PageRow = Awaited<ReturnType<typeof page>>[number];

/**
 * A name's words, read one of two ways and never left to the planner's guess: PostgreSQL multiplies the words'
 * frequencies as if they were independent and knows nothing of a status's, and it walked 58,000 accounts for two
 * rare words, or read 50,000 matches of a common surname through an index to keep the few with a rare status.
 * - First, the next WALK_FIRST accounts in account order: the page, when the words are common (a first name, three
 *   letters, a surname), and a count of the names among them that have the words.
 * - Then, when the page is not full, the rest either by walking on (its cost: the accounts still to pass, from how
 *   often the walk met a match) or by the name index (its cost: every account of the company with those words,
 *   from how often the walk met them, whatever their status), whichever is cheaper.
 */
async function nameSearch(tx: DbExecutor, companyId: number, words: string[], input: CardSearchInput, size: number) {
  const walkFirst = input.walkFirst ?? WALK_FIRST;
  const after = afterOf(input);
  const walked = tx
    .select({ accountNumber: accounts.accountNumber, nameKey: accounts.nameKey })
    .from(accounts)
    .where(and(eq(accounts.companyId, companyId), accountRange(after)))
    .orderBy(asc(accounts.accountNumber))
    .limit(walkFirst)
    .as('walked');
  const [stretch] = await tx
    .select({
      accounts: sql<number>`count(*)::int`,
      named: sql<number>`count(*) filter (where ${nameWords(words, walked.nameKey)})::int`,
      last: sql<string | null>`max(${walked.accountNumber})::text`,
      total: sql<number>`(select ${companies.totalSubAccounts} from ${companies} where ${companies.id} = ${companyId})`,
    })
    .from(walked);
  if (!stretch?.last) return [];
  const through = BigInt(stretch.last);
  const found = await page(tx, companyId, nameWords(words), input, size + 1, accountRange(after, through));
  // A full page, or the company's last account passed: nothing further can come before these.
  if (found.length > size || stretch.accounts < walkFirst) return found;

  const need = size + 1 - found.length;
  const remaining = Math.max(stretch.total - stretch.accounts, stretch.accounts);
  const toWalk = found.length === 0 ? Number.POSITIVE_INFINITY : (need * stretch.accounts) / found.length;
  const toRead = ((stretch.named + 1) / stretch.accounts) * remaining * INDEX_MATCH_COST;
  const rest =
    toWalk <= toRead
      ? await page(tx, companyId, nameWords(words), input, need, accountRange(through))
      : await indexedPage(tx, companyId, words, input, need, through);
  return [...found, ...rest];
}

/**
 * The accounts after `through` whose name has the words, read from the name index alone (a bitmap of its entries)
 * and then ordered. OFFSET 0 keeps that read a query of its own, so that the planner cannot fold it back into a walk.
 */
async function indexedPage(
  tx: DbExecutor,
  companyId: number,
  words: string[],
  input: CardSearchInput,
  limit: number,
  through: bigint,
): Promise<PageRow[]> {
  const named = tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.companyId, companyId), nameWordsIndexed(words), gt(accounts.accountNumber, through)))
    .offset(0)
    .as('named');
  return tx
    .select(holderCardColumns)
    .from(named)
    .innerJoin(accounts, eq(accounts.id, named.id))
    .innerJoin(cards, and(eq(cards.accountId, accounts.id), eq(cards.cardType, 'TITULAR')))
    .where(and(inArray(cards.logo, [...SEARCHABLE_LOGOS]), statusCondition(input.status)))
    .orderBy(asc(accounts.accountNumber))
    .limit(limit);
}

export async function searchCards(
  db: DbExecutor,
  companyId: number,
  input: CardSearchInput,
): Promise<CardSearchResponse> {
  const size = input.size ?? PAGE_SIZE;
  const term = readSearchTerm(input.q);
  const reads = await db.transaction(async (tx) => {
    await tx.execute(sql.raw(SEARCH_PLANNER_STATEMENT));
    if (term.kind === 'name') return [await nameSearch(tx, companyId, term.words, input, size)];
    const reads = [];
    for (const where of termConditions(term, input.maskedCpf))
      reads.push(await page(tx, companyId, where, input, size + 1));
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
