import { describe, expect, it } from 'vitest';
import { pageCount, pageItems, showsPaging } from './page-numbers.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('page numbers (spec section 9)', () => {
  it('shows every page up to 15 pages, without the ellipsis', () => {
    expect(pageItems(1)).toEqual([1]);
    expect(pageItems(15)).toEqual(range(1, 15));
  });

  it("from the 16th page on: numbers up to 15, then '...', the 16th to the 55th hidden", () => {
    expect(pageItems(16)).toEqual([...range(1, 15), 'ellipsis']);
    expect(pageItems(20)).toEqual([...range(1, 15), 'ellipsis']);
    expect(pageItems(55)).toEqual([...range(1, 15), 'ellipsis']);
    expect(pageItems(56)).toEqual([...range(1, 15), 'ellipsis', 56]);
    expect(pageItems(60)).toEqual([...range(1, 15), 'ellipsis', ...range(56, 60)]);
  });

  it('counts pages as total / 50 rounded up, and pages only when more exist than are loaded', () => {
    expect(pageCount(1000, 50)).toBe(20);
    expect(pageCount(1001, 50)).toBe(21);
    expect(pageCount(0, 50)).toBe(0);
    expect(showsPaging(1000, 50)).toBe(true);
    expect(showsPaging(30, 30)).toBe(false);
  });
});
