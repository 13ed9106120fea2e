// Column shapes the tables share.
import { timestamp, varchar } from 'drizzle-orm/pg-core';

export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Who acted, as they were when they acted: filled from portal_users by a trigger on insert (migration
 * 0003_actor_snapshot) and never touched again, so a record keeps naming a user after the user is deleted and
 * the foreign key goes null.
 */
export const actorSnapshot = () => ({
  actorLogin: varchar('actor_login', { length: 60 }),
  actorName: varchar('actor_name', { length: 60 }),
});
