// The benches' figures, worked out one way for all of them: percentiles by nearest rank, the median, the load
// average printed beside every figure, a goal said as met or NOT met, and the interleaved rounds that time a set of
// calls side by side.
import { loadavg } from 'node:os';

/** Ascending copy of the samples (a Float64Array: latency lists run to hundreds of thousands). */
export const sortedOf = (samples: Iterable<number>) => Float64Array.from(samples).sort();

/** The nearest-rank percentile of ascending samples, q in (0, 1]: the smallest sample with q of them at or below it. */
export const percentile = (sorted: ArrayLike<number>, q: number) =>
  sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;

/** p50, p95 and p99 of unsorted samples. */
export function quantiles(samples: Iterable<number>) {
  const sorted = sortedOf(samples);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99) };
}

/** The median, the mean of the two middle samples when their count is even. */
export function median(samples: Iterable<number>): number {
  const s = sortedOf(samples);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? Number.NaN) : ((s[mid - 1] ?? Number.NaN) + (s[mid] ?? Number.NaN)) / 2;
}

/** Milliseconds in an 8-wide column: two decimals under 10 ms, one above. */
export const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1)).padStart(8);

/** The 1, 5 and 15-minute load averages, as printed beside every figure (a busy machine slows everything). */
export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** A goal's verdict, said the same way by every bench: "goal p95 ≤ 50 ms: met" or "…: NOT met". */
export const goal = (met: boolean, what: string) => `goal ${what}: ${met ? 'met' : 'NOT met'}`;

export interface Timed {
  run: () => Promise<unknown>;
  /** Each timed call's milliseconds. */
  samples: number[];
}

/**
 * `rounds` rounds over `items`, forward then backward in turn, so a slow spell of the machine slows all alike and
 * none always runs right after another's cache traffic: each round times `perRound(item)` calls of each item into
 * its samples, then runs `after(item)` once, untimed.
 */
export async function timeInRounds<T extends Timed>(
  items: readonly T[],
  rounds: number,
  options: { perRound?: (item: T) => number; after?: (item: T) => Promise<void> } = {},
): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? items : [...items].reverse();
    for (const item of order) {
      for (let i = 0; i < (options.perRound?.(item) ?? 1); i++) {
        const t = performance.now();
        await item.run();
        item.samples.push(performance.now() - t);
      }
      await options.after?.(item);
    }
  }
}
