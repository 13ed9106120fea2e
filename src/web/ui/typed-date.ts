// A date as a person in Brazil types and reads it, dd/mm/aaaa, whatever the browser's language (issue 27, decision
// 144): the fields keep the text as typed and the screens send the ISO day the provider reads.

/** '2026-11-05' → '05/11/2026'; '' → ''. */
export function isoToTyped(iso: string): string {
  const found = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return found ? `${found[3]}/${found[2]}/${found[1]}` : '';
}

/**
 * '05/11/2026' → '2026-11-05'; '' (nothing typed) → ''; null when the text is not a whole day that exists: an
 * incomplete date, 31/04, 29/02 outside a leap year, a year before 1900 (the provider's floor).
 */
export function typedToIso(typed: string): string | null {
  const text = typed.trim();
  if (text === '') return '';
  const found = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!found) return null;
  const [day, month, year] = [Number(found[1]), Number(found[2]), Number(found[3])];
  if (year < 1900) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists ? `${found[3]}-${found[2]}-${found[1]}` : null;
}
