import { describe, expect, it } from 'vitest';
import { nextStep, type PageEdges, planWalk } from './keyset-walk.ts';

const edges = (page: number): PageEdges => ({ first: `${page}01`, last: `${page}50` });
const known = (...pages: number[]) => new Map(pages.map((p) => [p, edges(p)]));

describe('keyset walk', () => {
  it('page 1 is always one call with an empty cursor', () => {
    expect(planWalk(1, known(5))).toEqual({ first: { startAccount: '', direction: '' }, direction: 'N', calls: 1 });
  });

  it('the next and previous pages start from the current page edges', () => {
    expect(planWalk(4, known(3))).toEqual({ first: { startAccount: '350', direction: 'N' }, direction: 'N', calls: 1 });
    expect(planWalk(2, known(3))).toEqual({ first: { startAccount: '301', direction: 'P' }, direction: 'P', calls: 1 });
  });

  it('a jump walks from the nearest known page', () => {
    expect(planWalk(8, known(1, 3))).toEqual({
      first: { startAccount: '350', direction: 'N' },
      direction: 'N',
      calls: 5,
    });
    expect(planWalk(8, known(1, 3, 10))).toEqual({
      first: { startAccount: '1001', direction: 'P' },
      direction: 'P',
      calls: 2,
    });
  });

  it('a page seen before, next to a known page, costs one call', () => {
    expect(planWalk(12, known(1, 2, 11, 13, 15)).calls).toBe(1);
  });

  it('walks from the start when no known page is nearer', () => {
    expect(planWalk(3, known(15))).toEqual({ first: { startAccount: '', direction: '' }, direction: 'N', calls: 3 });
    expect(planWalk(15, new Map())).toEqual({ first: { startAccount: '', direction: '' }, direction: 'N', calls: 15 });
  });

  it('continues a walk from the page just loaded', () => {
    expect(nextStep(edges(4), 'N')).toEqual({ startAccount: '450', direction: 'N' });
    expect(nextStep(edges(4), 'P')).toEqual({ startAccount: '401', direction: 'P' });
  });
});
