import { describe, expect, it } from 'vitest';
import { sortByHolder } from './sort-holders.ts';

const rows = [
  { cardHolder: 'Érica Lima' },
  { cardHolder: 'bruno Alves' },
  { cardHolder: 'Ana Souza' },
  { cardHolder: 'Eduardo' },
];

describe('A-Z / Z-A', () => {
  it('sorts by holder name in pt-BR order, accents and case aside', () => {
    expect(sortByHolder(rows, 'asc').map((r) => r.cardHolder)).toEqual([
      'Ana Souza',
      'bruno Alves',
      'Eduardo',
      'Érica Lima',
    ]);
    expect(sortByHolder(rows, 'desc').map((r) => r.cardHolder)).toEqual([
      'Érica Lima',
      'Eduardo',
      'bruno Alves',
      'Ana Souza',
    ]);
  });

  it('keeps the list order without a choice, and never changes the input', () => {
    expect(sortByHolder(rows, '')).toEqual(rows);
    expect(rows[0]!.cardHolder).toBe('Érica Lima');
  });
});
