// Sessions are rows that outlive their use: every sign-in adds one, and a session idle for 15 minutes is dead. The
// nightly job deletes the dead ones but each user's newest, because that row's last use is what the inactivity rule
// (decision 076) measures idleness from; deleting it would make a user look idle since their account last changed.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { userSessions } from '../db/schema.ts';
import { SESSION_IDLE_MS } from '../services/sessions.ts';

/** Far past the idle expiry, so a session the clock of another instance still sees alive is never touched. */
export const SESSION_PURGE_AFTER_MS = 24 * 60 * 60 * 1000;

/** Deletes sessions unused for a day, keeping each user's most recently used one. Returns how many it deleted. */
export async function purgeDeadSessions(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - Math.max(SESSION_PURGE_AFTER_MS, SESSION_IDLE_MS));
  const deleted = await db.execute(sql`
    delete from ${userSessions} s
    where s.last_used_at < ${cutoff.toISOString()}::timestamptz
      and exists (
        select 1 from ${userSessions} newer
        where newer.user_id = s.user_id
          and (newer.last_used_at > s.last_used_at or (newer.last_used_at = s.last_used_at and newer.id > s.id))
      )
    returning s.id`);
  return (deleted as unknown as { rows: unknown[] }).rows.length;
}
