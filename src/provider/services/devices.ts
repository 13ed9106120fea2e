// The browsers a user signed in from (decision 091): the BFF names each with its device id, the provider keeps only
// a SHA-256 of it. A completed sign-in from a browser the user never used, when they had used another before, is
// told by e-mail: the first browser ever is no news, a second one may be someone else.
import { createHash } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { userDevices } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendSecurityNotice } from '../mail/security-mails.ts';

/** Longer than any id the BFF makes (a UUID): anything else is not the BFF's, and is ignored. */
const DEVICE_ID_MAX = 200;

export interface DeviceDeps {
  db: Db;
  mailer: Mailer;
  log: { warn(obj: object, msg: string): void };
}

/** The device id of the header, when it is one value the BFF could have set. */
export function deviceIdOf(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const id = header.trim();
  return id.length > 0 && id.length <= DEVICE_ID_MAX ? id : null;
}

/** Records the sign-in's browser; e-mails the user when it is new and they had signed in from another one. */
export async function rememberDevice(
  deps: DeviceDeps,
  user: { id: string; login: string; name: string; email: string },
  deviceId: string | null,
  address: string | null,
  now: Date,
): Promise<void> {
  if (deviceId === null) return;
  const deviceHash = createHash('sha256').update(deviceId).digest('hex');
  const added = await deps.db
    .insert(userDevices)
    .values({ userId: user.id, deviceHash, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoNothing()
    .returning({ userId: userDevices.userId });
  if (added.length === 0) {
    await deps.db
      .update(userDevices)
      .set({ lastSeenAt: now })
      .where(and(eq(userDevices.userId, user.id), eq(userDevices.deviceHash, deviceHash)));
    return;
  }
  const [other] = await deps.db
    .select({ deviceHash: userDevices.deviceHash })
    .from(userDevices)
    .where(and(eq(userDevices.userId, user.id), ne(userDevices.deviceHash, deviceHash)))
    .limit(1);
  if (other) await sendSecurityNotice(deps, user, { kind: 'new-device', address }, now);
}
