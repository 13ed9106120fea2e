// Replay protection for x-request-id: an id is accepted once per device inside the request-id window.
// Kept small so the shared one (replay-redis.ts: SET key NX PX) can replace the in-memory one.

export interface ReplayGuard {
  /**
   * Records `requestId` for `scope` until `expiresAt` (ms). Resolves true the first time, false when the id was
   * already recorded and has not expired. Rejects when it cannot decide (the caller refuses the request).
   */
  firstSeen(scope: string, requestId: string, expiresAt: number): Promise<boolean>;
}

/** The guard cannot record the id right now; the app answers 503 BUSY and the client may retry. */
export class ReplayCapacityError extends Error {
  constructor(message = 'replay cache is full', options?: ErrorOptions) {
    super(message, options);
    this.name = 'ReplayCapacityError';
  }
}

/** The shared store (Redis) did not answer: refused like a full cache, never waved through. */
export class ReplayStoreUnavailableError extends ReplayCapacityError {
  constructor(cause: unknown) {
    super('replay store unavailable', { cause });
    this.name = 'ReplayStoreUnavailableError';
  }
}

/**
 * One process's memory. Ids are also filed by the second they expire in, so a sweep touches only the seconds that
 * have ended and the ids in them — never the whole map, which under load holds every id of the request-id window.
 *
 * Full (`maxEntries` live ids after a sweep), it refuses only the devices holding at least their fair share
 * (`maxEntries` / devices present): one device flooding the cache is refused, the others still get in
 * (decision 069). The lighter devices may take it up to twice `maxEntries`, its hard bound, where every new id is
 * refused until spent ids expire and are swept.
 */
export class MemoryReplayGuard implements ReplayGuard {
  private readonly seen = new Map<string, number>();
  private readonly bySecond = new Map<number, string[]>();
  /** Live ids per scope (device), for the fair share when full. */
  private readonly perScope = new Map<string, number>();
  private lastSweep = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 1_000_000,
    private readonly sweepEveryMs = 1_000,
  ) {}

  async firstSeen(scope: string, requestId: string, expiresAt: number): Promise<boolean> {
    const now = this.now();
    if (now - this.lastSweep >= this.sweepEveryMs || this.seen.size >= this.maxEntries) this.sweep(now);
    const key = `${scope}\u0000${requestId}`;
    const existing = this.seen.get(key);
    if (existing !== undefined && existing > now) return false;
    const held = this.perScope.get(scope) ?? 0;
    // Fail closed for the heavy scopes only: forgetting a live id would let it be replayed.
    const full = this.seen.size >= this.maxEntries;
    if (full && (held >= this.maxEntries / this.perScope.size || this.seen.size >= 2 * this.maxEntries)) {
      throw new ReplayCapacityError();
    }
    if (existing === undefined) this.perScope.set(scope, held + 1);
    this.seen.set(key, expiresAt);
    const second = Math.floor(expiresAt / 1000);
    const filed = this.bySecond.get(second);
    if (filed) filed.push(key);
    else this.bySecond.set(second, [key]);
    return true;
  }

  sweep(now = this.now()): void {
    this.lastSweep = now;
    for (const [second, keys] of this.bySecond) {
      if ((second + 1) * 1000 > now) continue; // some id of this second may still be live
      this.bySecond.delete(second);
      for (const key of keys) {
        const expiresAt = this.seen.get(key);
        // An id recorded again after it expired is filed under its new second too; only the stale entry goes.
        if (expiresAt !== undefined && expiresAt <= now) {
          this.seen.delete(key);
          const scope = key.slice(0, key.indexOf('\u0000'));
          const held = (this.perScope.get(scope) ?? 1) - 1;
          if (held > 0) this.perScope.set(scope, held);
          else this.perScope.delete(scope);
        }
      }
    }
  }

  get size(): number {
    return this.seen.size;
  }
}
