// Keyset paging has no "go to page n": a page is reached from a neighbour whose edge accounts are known
// (startAccount = the last account of the page before, direction N; or the first account of the page after,
// direction P) or from the start (empty cursor). The planner picks the nearest known page, so a click on a
// page seen before costs one call, and a jump to an unseen page walks from the closest page already seen.

export interface PageEdges {
  /** The first and the last account number of a page already loaded. */
  first: string;
  last: string;
}

export interface WalkStep {
  startAccount: string;
  direction: '' | 'N' | 'P';
}

export interface WalkPlan {
  /** The first call; each further call continues from the page just loaded, in `direction`. */
  first: WalkStep;
  direction: 'N' | 'P';
  /** How many calls in all. */
  calls: number;
}

export function planWalk(target: number, known: ReadonlyMap<number, PageEdges>): WalkPlan {
  // From the start: the first page, then target - 1 steps forward.
  let best: WalkPlan = { first: { startAccount: '', direction: '' }, direction: 'N', calls: target };
  for (const [page, edges] of known) {
    if (page === target) continue;
    const distance = Math.abs(target - page);
    if (distance >= best.calls) continue;
    best =
      target > page
        ? { first: { startAccount: edges.last, direction: 'N' }, direction: 'N', calls: distance }
        : { first: { startAccount: edges.first, direction: 'P' }, direction: 'P', calls: distance };
  }
  return best;
}

/** The cursor that continues a walk from a page just loaded. */
export const nextStep = (edges: PageEdges, direction: 'N' | 'P'): WalkStep => ({
  startAccount: direction === 'N' ? edges.last : edges.first,
  direction,
});
