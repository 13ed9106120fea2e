// How many rounds a ratio needs (issue 17: "say how many rounds make the 1-connection figure stable"). A bench that
// interleaves two legs over rounds keeps each round's pair; this answers, from the rounds one run observed, how far
// a run of n rounds would land from its own figure: the pairs are resampled with replacement (a bootstrap), n at a
// time, the pooled ratio of each draw taken as a run of n rounds would take it (requests over time, both legs), and
// the spread of those ratios read between the 5th and 95th percentiles. The draws come from a fixed seed, so the
// same rounds print the same table.

import { prng } from '../src/provider/db/seed/seed.ts';

/** One round of a side-by-side pair: what each leg served, over how long. */
export interface RoundPair {
  numerator: { requests: number; elapsedMs: number };
  denominator: { requests: number; elapsedMs: number };
}

export interface Stability {
  rounds: number;
  /** Half the 90 % range of the ratio a run of `rounds` rounds reports. */
  halfWidth: number;
}

const DRAWS = 4_000;

/** The ratio of rates a run over these rounds reports (each leg's requests over its time, pooled). */
export function pooledRatio(pairs: readonly RoundPair[]): number {
  let nr = 0;
  let nt = 0;
  let dr = 0;
  let dt = 0;
  for (const p of pairs) {
    nr += p.numerator.requests;
    nt += p.numerator.elapsedMs;
    dr += p.denominator.requests;
    dt += p.denominator.elapsedMs;
  }
  return nr / nt / (dr / dt);
}

/** For each run length in `lengths`, the 90 % half-width of the ratio such a run reports, by bootstrap. */
export function stabilityByRounds(pairs: readonly RoundPair[], lengths: readonly number[], seed = 17): Stability[] {
  if (pairs.length < 2) return [];
  const random = prng(seed).next;
  return lengths.map((n) => {
    const ratios = new Float64Array(DRAWS);
    const draw: RoundPair[] = new Array(n);
    for (let i = 0; i < DRAWS; i++) {
      for (let k = 0; k < n; k++) draw[k] = pairs[Math.floor(random() * pairs.length)] as RoundPair;
      ratios[i] = pooledRatio(draw);
    }
    ratios.sort();
    const at = (q: number) => ratios[Math.min(DRAWS - 1, Math.floor(q * DRAWS))] as number;
    return { rounds: n, halfWidth: (at(0.95) - at(0.05)) / 2 };
  });
}

/** The fewest rounds whose 90 % half-width is within `tolerance`, or null when none of `table` is. */
export const roundsFor = (table: readonly Stability[], tolerance: number): number | null =>
  table.find((s) => s.halfWidth <= tolerance)?.rounds ?? null;
