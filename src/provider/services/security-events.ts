// Security events (issue 15; PCI DSS 10.2.1, ASVS 7.2.1/7.2.2): every sign-in, lockout, recovery, password change
// and user lifecycle change leaves an audit row and a structured log line with who, which company, from where and
// when (decision 075). The row is the durable trail an operator will read (issue 16); the log line is what a SIEM
// collects.
import type { AuditAction } from '../../contracts/audit-messages.ts';
import { appendAudit } from '../audit/append.ts';
import type { DbExecutor } from '../db/client.ts';

/** An event type must have its pt-BR name on the audit screen and in its filter (contracts/audit-messages.ts). */
type Labelled<T extends AuditAction> = T;

export type SecurityEventType = Labelled<
  | 'login.success'
  | 'login.failure'
  | 'login.locked'
  | 'logout'
  | 'recovery.requested'
  | 'recovery.used'
  | 'password.changed'
  | 'password.change-failed'
  | 'first-access'
  | 'user.create'
  | 'user.deactivate'
  | 'user.activate'
  | 'user.delete'
  | 'user.inactivity-deactivate'
  // Second factor and step-up (decision 091).
  | 'login.factor-pending'
  | 'second-factor.enrolled'
  | 'second-factor.failure'
  | 'second-factor.disabled'
  | 'second-factor.reset'
  | 'second-factor.recovery-codes'
  | 'step-up.success'
  | 'step-up.failure'
  | 'company.security'
  | 'controls.company'
  | 'virtual-card.reveal'
  | 'user.email-changed'
>;

export interface SecurityEvent {
  type: SecurityEventType;
  /** The user who acted; null when nobody is known (an unknown login, a scheduled job). */
  actorUserId: string | null;
  /** What the event is about: a login, usually. Never a password, a code or a CPF. */
  target: string;
  at: Date;
  companyId?: number | null;
  /** The client's address (request.ip behind the BFF's X-Forwarded-For); null for commands and jobs. */
  address?: string | null;
  /**
   * Why a refusal was refused ('unknown-login', 'wrong-password'…): on the log line, and the row's `after` when the
   * event has none. The caller was told none of it; an investigator needs it to tell a typo from a sweep.
   */
  reason?: string;
  before?: unknown;
  after?: unknown;
}

/** The one line a security event writes to the logs: the same fields as its audit row, without the details. */
export interface SecurityLog {
  info(obj: object, msg: string): void;
}

/** Where a request-driven event came from: the client's address and the request's logger (its lines carry reqId). */
export interface Origin {
  address: string | null;
  log: SecurityLog;
}

/** A Fastify request fits: `request.ip` already honours the provider's trustProxy (PROVIDER_TRUST_PROXY). */
export const originOf = (request: { ip: string; log: SecurityLog }): Origin => ({
  address: request.ip,
  log: request.log,
});

// The columns' widths: an over-long value must cost the event its tail, never the event itself (an insert that
// fails would turn a sign-in into a 500).
const TARGET_MAX = 120;
const ADDRESS_MAX = 45;

export async function recordSecurityEvent(db: DbExecutor, log: SecurityLog, event: SecurityEvent): Promise<void> {
  const target = event.target.slice(0, TARGET_MAX);
  const companyId = event.companyId ?? null;
  const address = event.address ? event.address.slice(0, ADDRESS_MAX) : null;
  const reason = event.reason ?? null;
  await appendAudit(db, {
    actorUserId: event.actorUserId,
    at: event.at,
    action: event.type,
    target,
    companyId,
    address,
    before: event.before ?? null,
    after: event.after ?? (reason ? { reason } : null),
  });
  log.info(
    {
      securityEvent: event.type,
      actorUserId: event.actorUserId,
      target,
      companyId,
      address,
      ...(reason ? { reason } : {}),
      at: event.at.toISOString(),
    },
    'security event',
  );
}
