// What the search box's one text means (issue 27, decision 115).
import { describe, expect, it } from 'vitest';
import { foldName, NAME_KEY_FROM, NAME_KEY_TO, readSearchTerm } from './card-search-term.ts';

describe('the search text', () => {
  it('reads digits with or without a CPF mask as digits', () => {
    expect(readSearchTerm('529.982.247-25')).toEqual({ kind: 'digits', digits: '52998224725' });
    expect(readSearchTerm(' 529.98 ')).toEqual({ kind: 'digits', digits: '52998' });
    expect(readSearchTerm('4821')).toEqual({ kind: 'digits', digits: '4821' });
  });

  it('reads a name as folded words, underscores and punctuation as spaces', () => {
    expect(readSearchTerm("João D'Ávila")).toEqual({ kind: 'name', words: ['joao', 'd', 'avila'] });
    expect(readSearchTerm('maria_josé')).toEqual({ kind: 'name', words: ['maria', 'jose'] });
    expect(readSearchTerm('Ana 12')).toEqual({ kind: 'name', words: ['ana', '12'] });
  });

  it('reads nothing from blanks', () => {
    expect(readSearchTerm(undefined)).toEqual({ kind: 'none' });
    expect(readSearchTerm(' _ ')).toEqual({ kind: 'none' });
  });

  it("folds every letter of the database's table as the column does", () => {
    expect([...NAME_KEY_FROM]).toHaveLength([...NAME_KEY_TO].length);
    expect(foldName('ÇÃO Ñandú')).toBe('cao nandu');
    expect(foldName('Maria-José')).toBe('maria jose');
  });
});
