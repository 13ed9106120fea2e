// What a page's main thread did after its first contentful paint, read off a DevTools trace (bench/home-work.ts
// and bench/lighthouse.ts). Lighthouse's total blocking time counts each task's wall duration: on a 2-core machine
// that also runs Lighthouse, Chromium's browser and GPU processes and the product, a task's wall time includes the
// time its thread waited for a core. The trace also gives each task's thread (CPU) time, so the same blocking
// formula can be read both ways: what the page made the phone do, and what the machine's contention added.

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  /** Wall duration, µs. */
  dur?: number;
  /** The thread's own CPU time, µs (absent where the trace did not record it). */
  tdur?: number;
  pid: number;
  tid: number;
}

/** Lighthouse's mobile profile: the observed main thread ×4, and a task blocks for what it takes over 50 ms. */
const CPU_SLOWDOWN = 4;
const BLOCKING_FROM_MS = 50;

export interface MainThreadFigures {
  /** Σ max(0, wall × 4 − 50 ms) over the tasks after the first contentful paint. */
  blocking: number;
  /** The same with each task's CPU time: the blocking the page itself causes, without waiting for a core. */
  blockingCpu: number;
  /** Tasks whose wall time ×4 exceeds 50 ms. */
  counted: number;
  /** Σ wall time of the tasks after the first paint. */
  busy: number;
  /** Of the counted tasks' wall time, the share their thread spent off the CPU (0–1). */
  waited: number;
  /** First contentful paint, from the navigation's start. */
  fcp: number;
}

export function mainThreadAfterFirstPaint(events: TraceEvent[]): MainThreadFigures {
  // The page's last first paint: Lighthouse's trace may hold the about:blank it starts from.
  const paint = events.filter((e) => e.name === 'firstContentfulPaint').at(-1);
  if (!paint)
    throw new Error(`the trace has no first contentful paint: ${[...new Set(events.map((e) => e.name))].slice(0, 40)}`);
  // The navigation's start on the page's own process, the last one before the paint.
  const start =
    events.filter((e) => e.name === 'navigationStart' && e.pid === paint.pid && e.ts <= paint.ts).at(-1) ?? paint;
  const tasks = events.filter(
    (e) => e.ph === 'X' && e.name === 'RunTask' && e.pid === paint.pid && e.tid === paint.tid && e.ts >= paint.ts,
  );
  const wall = (e: TraceEvent) => (e.dur ?? 0) / 1000;
  const cpu = (e: TraceEvent) => (e.tdur ?? e.dur ?? 0) / 1000;
  const blocks = (ms: number) => Math.max(0, ms * CPU_SLOWDOWN - BLOCKING_FROM_MS);
  const counted = tasks.filter((e) => blocks(wall(e)) > 0);
  const countedWall = counted.reduce((sum, e) => sum + wall(e), 0);
  const countedCpu = counted.reduce((sum, e) => sum + Math.min(cpu(e), wall(e)), 0);
  return {
    blocking: tasks.reduce((sum, e) => sum + blocks(wall(e)), 0),
    blockingCpu: tasks.reduce((sum, e) => sum + blocks(cpu(e)), 0),
    counted: counted.length,
    busy: tasks.reduce((sum, e) => sum + wall(e), 0),
    waited: countedWall > 0 ? 1 - countedCpu / countedWall : 0,
    fcp: (paint.ts - start.ts) / 1000,
  };
}
