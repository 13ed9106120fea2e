// The derived AES key per device session, cached in a bounded LRU so HKDF runs once per session on an instance.
// Entries carry the session id and expire, so a re-registration made on another instance is picked up.

export interface CachedSession {
  sessionId: string;
  key: CryptoKey;
  expiresAt: number;
  lastTouchedAt: number;
}

export class SessionKeyCache {
  private readonly map = new Map<string, CachedSession>();

  constructor(
    private readonly maxEntries = 10_000,
    private readonly ttlMs = 10 * 60 * 1000,
  ) {}

  get(deviceId: string, sessionId: string, now: number): CachedSession | undefined {
    const entry = this.map.get(deviceId);
    if (!entry) return undefined;
    if (entry.sessionId !== sessionId || entry.expiresAt <= now) {
      this.map.delete(deviceId);
      return undefined;
    }
    // Refresh the LRU position.
    this.map.delete(deviceId);
    this.map.set(deviceId, entry);
    return entry;
  }

  set(deviceId: string, sessionId: string, key: CryptoKey, now: number): CachedSession {
    const entry: CachedSession = { sessionId, key, expiresAt: now + this.ttlMs, lastTouchedAt: now };
    this.map.delete(deviceId);
    this.map.set(deviceId, entry);
    while (this.map.size > this.maxEntries) {
      const oldest = this.map.keys().next().value;
      if (oldest === undefined) break;
      this.map.delete(oldest);
    }
    return entry;
  }

  get size(): number {
    return this.map.size;
  }
}
