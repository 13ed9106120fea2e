// What the cards search box's one text means (issue 27, decision 115): a holder's name, a CPF (whole or its start, with
// or without its mask) or the card's last four digits. Read the same way by the portal and the provider; no zod here,
// the database schema and the cards screen import it.

/** The longest search text: a name has at most 40 characters (spec section 5), a masked CPF 14. */
export const SEARCH_TERM_MAX = 40;
/**
 * Letters (accented too), digits, spaces, dots, hyphens, apostrophes, ampersands and underscores (the wire's spaces):
 * a name, a masked or bare CPF, four digits.
 */
export const SEARCH_TERM_PATTERN = /^[\p{L}\d .'’&_-]*$/u;

/**
 * The letters the name search folds, and what each becomes: the database's `name_key` column is
 * `' ' || lower(translate(holder_name, NAME_KEY_FROM, NAME_KEY_TO))` (schema.ts), and the search's words go through
 * `foldName`, which applies the same table, so both sides meet. A hyphen and an apostrophe become spaces: "Maria-José"
 * and "D'Ávila" are words of their own.
 */
export const NAME_KEY_FROM = "ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ-'’";
export const NAME_KEY_TO = 'AAAAAEEEEIIIIOOOOOUUUUCNaaaaaeeeeiiiiooooouuuucn   ';

const FOLD = new Map([...NAME_KEY_FROM].map((c, i) => [c, NAME_KEY_TO[i] ?? ''] as const));

/** A name as `name_key` stores it, without the leading space: "João D'Ávila" → "joao d avila". */
export const foldName = (text: string): string =>
  [...text]
    .map((c) => FOLD.get(c) ?? c)
    .join('')
    .toLowerCase();

export type SearchTerm =
  /** Nothing to look for (a status filter alone). */
  | { kind: 'none' }
  /** Digits only (dots, hyphens, spaces and underscores between them): a CPF's start, a whole CPF or a card's end. */
  | { kind: 'digits'; digits: string }
  /** Each word must start a word of the holder's name, in any order. */
  | { kind: 'name'; words: string[] };

/** The digits of a CPF. */
export const CPF_DIGITS = 11;
/** The card's end the search matches: its last four digits. */
export const LAST4_DIGITS = 4;

/**
 * The search text read: `_` is a space (the BFF lets only [A-Za-z0-9._~-] through in a query value, so the portal
 * sends names folded, decision 083); anything that is not a letter or a digit separates words.
 */
export function readSearchTerm(text: string | undefined): SearchTerm {
  const trimmed = (text ?? '').replace(/_/g, ' ').trim();
  if (trimmed === '') return { kind: 'none' };
  if (/^[\d.\s-]+$/.test(trimmed)) return { kind: 'digits', digits: trimmed.replace(/\D/g, '') };
  const words = foldName(trimmed)
    .split(/[^\p{L}\d]+/u)
    .filter(Boolean);
  return words.length === 0 ? { kind: 'none' } : { kind: 'name', words };
}

/**
 * The text as it travels in the query: the BFF lets only [A-Za-z0-9._~-] through, so letters are folded and every
 * other run of characters becomes `_`, which the provider reads as a space ("D'Ávila" → "D_Avila").
 */
export const searchTermOnTheWire = (text: string): string =>
  text
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9.-]+/g, '_');

/** What the search box can say before asking: a text it cannot send, or null when it may. */
export function searchTermProblem(text: string): 'termInvalid' | 'tooManyDigits' | null {
  if (text.trim().length > SEARCH_TERM_MAX || !SEARCH_TERM_PATTERN.test(text.trim())) return 'termInvalid';
  const term = readSearchTerm(text);
  return term.kind === 'digits' && term.digits.length > CPF_DIGITS ? 'tooManyDigits' : null;
}
