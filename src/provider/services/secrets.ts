// Secrets every provider instance shares, kept sealed under the master key (decision 072). The first instance to
// start creates each one; the others lose the insert race harmlessly (on conflict do nothing) and read the
// winner's value.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { MasterKey, sealedLabel } from '../../platform/master-key.ts';
import type { Db } from '../db/client.ts';
import { serverSecrets } from '../db/schema.ts';

export async function loadSecret(db: Db, name: string, masterKey: MasterKey): Promise<Buffer> {
  const label = sealedLabel('server_secrets', name);
  await db
    .insert(serverSecrets)
    .values({ name, value: masterKey.seal(label, randomBytes(32)) })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} missing after insert`);
  if (MasterKey.isSealed(row.value)) return masterKey.open(label, row.value);
  // Stored in the clear before decision 072: seal it now. The update applies only to the value read, so of several
  // instances starting together one seals it and the others change nothing; all of them use the same secret.
  const secret = Buffer.from(row.value, 'base64');
  await db
    .update(serverSecrets)
    .set({ value: masterKey.seal(label, secret) })
    .where(and(eq(serverSecrets.name, name), eq(serverSecrets.value, row.value)));
  return secret;
}
