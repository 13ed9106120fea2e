// The sessions an instance read in the last second (issue 17). Every authenticated call reads its session and user;
// a page of the portal makes several calls at once, so most of those reads answer what the previous one just did.
//
// Never a revoked session: migration 0015's triggers notify `fidis_sessions` at the commit of anything that ends or
// changes a session or its user, whoever wrote it (this instance, another one, a statement typed by hand), and every
// instance listening drops what it held. An entry also lives at most MAX_AGE_MS, so even a notification lost on the
// way leaves a session answered for one second at most; and while the instance is not listening (the connection
// dropped, not yet reconnected) nothing is cached at all. Renewing a session and deciding its idle expiry always go
// to the database (sessions.ts reads through whenever a renewal is due).
import pg from 'pg';
import type { DatabaseHandle } from '../../platform/database.ts';
import type { SessionRow } from './sessions.ts';

export const SESSION_CHANNEL = 'fidis_sessions';
/** The longest an entry answers without the database, notification or not. */
export const MAX_AGE_MS = 1_000;
/** A bound on memory: a burst of sign-ins beyond it starts the cache afresh rather than growing it. */
const MAX_ENTRIES = 50_000;
const RECONNECT_MS = 1_000;

interface Entry {
  row: SessionRow;
  readAt: number;
}

interface Log {
  warn(obj: object, msg: string): void;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** True only while notifications can reach this instance. */
  private listening = false;

  /** The session's row as read less than MAX_AGE_MS ago, if nothing changed it since. */
  get(sessionId: string, now: number): SessionRow | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (now - entry.readAt > MAX_AGE_MS || now < entry.readAt) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry.row;
  }

  /** Keeps a row just read from the database (a live one: a refused session is read again every time). */
  set(sessionId: string, row: SessionRow, now: number): void {
    if (!this.listening) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(sessionId, { row, readAt: now });
  }

  /** A notification: `s:<session>` or `u:<user>` changed. Anything else clears everything (fail closed). */
  forget(payload: string): void {
    const id = payload.slice(2);
    if (payload.startsWith('s:')) {
      this.entries.delete(id);
    } else if (payload.startsWith('u:')) {
      for (const [sessionId, entry] of this.entries) if (entry.row.userId === id) this.entries.delete(sessionId);
    } else {
      this.entries.clear();
    }
  }

  setListening(listening: boolean): void {
    this.listening = listening;
    if (!listening) this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Starts listening on the database for session changes and returns the cache with its stop function. On PostgreSQL
 * the listener holds a connection of its own; if it drops, the cache empties and stays off until it listens again.
 */
export async function startSessionCache(
  handle: DatabaseHandle,
  log: Log,
): Promise<{ cache: SessionCache; stop: () => Promise<void> }> {
  const cache = new SessionCache();
  if (handle.kind === 'pglite') {
    const unlisten = await handle.client.listen(SESSION_CHANNEL, (payload) => cache.forget(payload));
    cache.setListening(true);
    return {
      cache,
      stop: async () => {
        cache.setListening(false);
        await unlisten().catch(() => undefined);
      },
    };
  }

  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    // A connection of its own, not the pool's: it is held for the instance's life, and the pool must be able to
    // end (shut-down, a lost database) without waiting for it.
    const listener = new pg.Client(handle.client.options);
    client = listener;
    listener.on('notification', (message) => cache.forget(message.payload ?? ''));
    listener.on('error', (err) => lost(listener, err));
    listener.on('end', () => lost(listener, new Error('listener connection ended')));
    try {
      await listener.connect();
      await listener.query(`LISTEN ${SESSION_CHANNEL}`);
      if (!stopped && client === listener) cache.setListening(true);
    } catch (err) {
      lost(listener, err);
    }
  };
  const lost = (listener: pg.Client, err: unknown) => {
    if (client !== listener) return;
    cache.setListening(false);
    client = null;
    listener.end().catch(() => undefined);
    if (stopped || retry) return;
    log.warn({ err }, 'session cache: notifications lost, reading every session from the database until reconnected');
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, RECONNECT_MS);
    retry.unref();
  };
  await connect();
  return {
    cache,
    stop: async () => {
      stopped = true;
      cache.setListening(false);
      if (retry) clearTimeout(retry);
      const listener = client;
      client = null;
      await listener?.end().catch(() => undefined);
    },
  };
}
