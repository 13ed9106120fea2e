// The dd/mm/aaaa of every date filter (decision 144): what reaches the provider, and which texts are not a day.
import { describe, expect, it } from 'vitest';
import { isoToTyped, typedToIso } from './typed-date.ts';

describe('typed dates', () => {
  it('reads a day as a person in Brazil types it', () => {
    expect(typedToIso('05/11/2026')).toBe('2026-11-05');
    expect(typedToIso('29/02/2028')).toBe('2028-02-29');
    expect(typedToIso(' 31/12/1900 ')).toBe('1900-12-31');
    expect(typedToIso('')).toBe('');
    expect(isoToTyped('2026-11-05')).toBe('05/11/2026');
    expect(isoToTyped('')).toBe('');
  });

  it('refuses what is not a whole day that exists', () => {
    for (const text of ['31/04/2026', '29/02/2026', '00/01/2026', '12/13/2026', '1/1/2026', '05/11/20', '05/11/1899'])
      expect(typedToIso(text), text).toBeNull();
  });
});
