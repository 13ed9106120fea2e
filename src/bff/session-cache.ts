// The derived AES key per device session, cached in a bounded LRU so HKDF runs once per session on an instance.
// Entries carry the session id and expire, so a re-registration made on another instance is picked up.
// An entry also remembers the access token last verified for it: the browser sends the same token on every call,
// so its signature is checked once per entry, and only its expiry on each call after that.
import { timingSafeEqual } from 'node:crypto';

export interface CachedSession {
  sessionId: string;
  key: CryptoKey;
  expiresAt: number;
  lastTouchedAt: number;
  verifiedToken?: { value: Buffer; expiresAt: number };
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
    this.refresh(deviceId, entry);
    return entry;
  }

  /** The device's live entry when `token` is the one already verified for it and has not expired; else undefined. */
  getByVerifiedToken(deviceId: string, token: string, now: number): CachedSession | undefined {
    const entry = this.map.get(deviceId);
    const verified = entry?.verifiedToken;
    if (!entry || !verified || entry.expiresAt <= now || verified.expiresAt <= now) return undefined;
    const presented = Buffer.from(token, 'utf8');
    // Constant-time, so the time of a refusal tells nothing about how much of a live token was guessed.
    if (presented.length !== verified.value.length || !timingSafeEqual(presented, verified.value)) return undefined;
    this.refresh(deviceId, entry);
    return entry;
  }

  /** Records a token whose signature and claims were just verified for this entry's session; valid until expiresAt. */
  rememberVerifiedToken(entry: CachedSession, token: string, expiresAt: number): void {
    entry.verifiedToken = { value: Buffer.from(token, 'utf8'), expiresAt };
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

  private refresh(deviceId: string, entry: CachedSession): void {
    // Re-inserting moves the entry to the young end of the LRU.
    this.map.delete(deviceId);
    this.map.set(deviceId, entry);
  }
}
