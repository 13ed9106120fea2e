// The demo cards' lifecycle (decision 083): when each plastic was issued and until when it is valid, which passwords
// are locked and which cards were requested through the portal and not used yet, so the /home radar has something to
// show on every list. Drawn from a sequence of its own (three draws per holder, always), never from the holders' one.
import type { accounts, cards, proposals } from '../schema.ts';
import type { prng } from './seed.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Plastics are valid five years, to the last day of the month printed on them (MM/AA). */
const VALID_YEARS = 5;
/** The last holders of each company are the newest: the portal's pending requests are among them. */
const RECENT_HOLDERS = 40;

type Rng = ReturnType<typeof prng>;

export interface Lifecycle {
  card: { createdAt: Date; expiresOn: string; passwordBlocked: boolean };
  /** Set when the card was requested through the portal (a proposal), still unused. */
  requestedAt: Date | null;
}

/** The last day of the month, five years after the issue (UTC calendar). */
export function expiryOf(issuedAt: Date): string {
  const end = new Date(Date.UTC(issuedAt.getUTCFullYear() + VALID_YEARS, issuedAt.getUTCMonth() + 1, 0));
  return end.toISOString().slice(0, 10);
}

export function lifecycleOf(
  life: Rng,
  h: {
    index: number;
    size: number;
    withHistory: number;
    card: Pick<typeof cards.$inferInsert, 'status' | 'activeFlag'>;
    reference: Date;
  },
): Lifecycle {
  const [u1, u2, u3] = [life.next(), life.next(), life.next()];
  const active = h.card.status === 'Actived' && h.card.activeFlag === 'S';
  const used = h.index < h.withHistory;
  // Close to five years old (the plastic expires in the next two or three months), years old, or just issued. The
  // holders without a history are unused: only the older of them are "sem uso há 45 dias".
  const nearExpiry = 1770 + Math.floor(u2 * 56);
  const ageDays = used
    ? u1 < 0.12
      ? nearExpiry
      : 120 + Math.floor(u2 * 1500)
    : u1 < 0.05
      ? nearExpiry
      : u1 < 0.18
        ? 50 + Math.floor(u2 * 1600)
        : 2 + Math.floor(u2 * 40);
  const createdAt = new Date(h.reference.getTime() - ageDays * DAY_MS);
  const recent = h.index >= h.size - RECENT_HOLDERS;
  return {
    card: { createdAt, expiresOn: expiryOf(createdAt), passwordBlocked: !used && active && u3 < 0.04 },
    requestedAt: !used && active && recent && ageDays <= 30 && u3 > 0.75 ? createdAt : null,
  };
}

/** The portal request that opened a pending holder's account, as the proposal endpoint would have kept it. */
export function proposalOf(
  account: typeof accounts.$inferInsert,
  requestedAt: Date,
  logo: number,
): typeof proposals.$inferInsert {
  const id = account.id as string;
  // Its own id, derived from the account's (the tail reversed), so a rerun finds it again.
  const proposalId = `${id.slice(0, 24)}${[...id.slice(24)].reverse().join('')}`;
  return {
    id: proposalId === id ? `${id.slice(0, 24)}000000000000` : proposalId,
    companyId: account.companyId,
    documentNumber: account.documentNumber,
    logo,
    payload: {
      uuid: proposalId,
      name: account.holderName,
      documentNumber: account.documentNumber,
      email: account.email,
      birthDate: account.birthDate,
      logo,
    },
    accountId: id,
    createdAt: requestedAt,
  };
}
