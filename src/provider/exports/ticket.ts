// The download ticket: what to export, for whom, until when, sealed (JWE dir + A256GCM) under a key derived from the
// provider's stored recovery-code key, so every provider instance opens it and nobody else reads it: the filters
// (a CPF search) never show in the URL that carries it. Valid for a minute, for the operator's session that asked.
import { hkdfSync, randomUUID } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';

export const TICKET_TTL_S = 60;

export interface TicketClaims {
  kind: string;
  filters: unknown;
  userId: string;
  sessionId: string;
  /** What the kind's scope said when the ticket was issued: the audit row's company and row count. */
  companyId: number | null;
  rows: number | null;
  /** The operator's profile in the company was Consulta when the ticket was issued: CPF columns are masked (090). */
  masked?: boolean;
  jti: string;
  /** Seconds since the epoch. */
  exp: number;
}

export function ticketKey(secret: Buffer): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, Buffer.alloc(0), 'fidis-provider/export-ticket', 32));
}

export async function sealTicket(
  key: Uint8Array,
  claims: Omit<TicketClaims, 'jti' | 'exp'>,
  now: Date,
): Promise<{ ticket: string; expiresAt: Date; jti: string }> {
  const exp = Math.floor(now.getTime() / 1000) + TICKET_TTL_S;
  const jti = randomUUID();
  const ticket = await new EncryptJWT({
    k: claims.kind,
    f: claims.filters,
    sid: claims.sessionId,
    c: claims.companyId,
    n: claims.rows,
    ...(claims.masked ? { m: true } : {}),
  })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setSubject(claims.userId)
    .setJti(jti)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(exp)
    .encrypt(key);
  return { ticket, expiresAt: new Date(exp * 1000), jti };
}

/** The ticket's claims, or null when it does not open, has expired or is malformed. */
export async function openTicket(key: Uint8Array, ticket: string, now: Date): Promise<TicketClaims | null> {
  try {
    const { payload } = await jwtDecrypt(ticket, key, {
      currentDate: now,
      clockTolerance: 0,
      requiredClaims: ['sub', 'jti', 'exp'],
    });
    if (typeof payload.k !== 'string' || typeof payload.sid !== 'string') return null;
    return {
      kind: payload.k,
      filters: payload.f,
      userId: payload.sub as string,
      sessionId: payload.sid,
      companyId: typeof payload.c === 'number' ? payload.c : null,
      rows: typeof payload.n === 'number' ? payload.n : null,
      masked: payload.m === true,
      jti: payload.jti as string,
      exp: payload.exp as number,
    };
  } catch {
    return null;
  }
}

/**
 * Tickets spent on this instance, kept until they expire. The BFF refuses a second use across its instances (its
 * replay store); this is the provider's own line, for a caller that reaches it without the BFF.
 */
export class SpentTickets {
  private readonly spent = new Map<string, number>();

  /** True the first time; false when the ticket was spent and has not expired yet. */
  spend(jti: string, exp: number, nowS: number): boolean {
    for (const [id, until] of this.spent) if (until < nowS) this.spent.delete(id);
    if (this.spent.has(jti)) return false;
    this.spent.set(jti, exp);
    return true;
  }
}
