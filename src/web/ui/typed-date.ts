// A date as a person in Brazil types and reads it, dd/mm/aaaa, whatever the browser's language (issue 27, decision
// 144): the fields keep the text as typed and the screens send the ISO day the provider reads.
import { isValidIsoDate, typedDateToIso } from '../../contracts/proposal-rules.ts';

/** '2026-11-05' → '05/11/2026'; '' → ''. */
export function isoToTyped(iso: string): string {
  const found = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return found ? `${found[3]}/${found[2]}/${found[1]}` : '';
}

/**
 * '05/11/2026' → '2026-11-05'; '' (nothing typed) → ''; null when the text is not a whole day that exists: an
 * incomplete date, 31/04, 29/02 outside a leap year, a year before 1900 (the provider's floor). The card request's
 * own rules (contracts/proposal-rules.ts) read it, so a birth date and a period agree on what a day is.
 */
export function typedToIso(typed: string): string | null {
  const text = typed.trim();
  if (text === '') return '';
  const iso = typedDateToIso(text);
  return iso !== null && isValidIsoDate(iso) ? iso : null;
}
