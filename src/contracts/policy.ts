// Who may make each call, on what, with what proof, and what it shows and records (issue 25). Every endpoint's entry
// in contract.ts declares one; the provider's scope step (provider/http/scope) enforces it, the profile matrix test
// walks it, and docs/permissions.md is printed from it. Nothing else says who may do what. No zod here: the SPA reads
// the permission rules with its first screen.
import type { ServerErrorCode } from './errors.ts';
import type { Permission, Profile } from './profiles.ts';

/** Where a call names the company it acts on. */
export type CompanyNamedBy =
  | 'cnpj and relationcode headers'
  | 'cnpj header'
  | 'relationCode of the body'
  /** An export's filters (exports.ts). */
  | 'cnpj and relationCode of the filters'
  | 'cnpj of the filters';

/** Where a call names the card, beside the account's uuid in the path. */
export type CardNamedBy =
  | 'last4digits header'
  | 'last4 digits of the body'
  | 'holder card'
  /** An export's filters (exports.ts). */
  | 'uuid and last4 of the filters';

export type ScopeSpec =
  /** Before sign-in (login, recovery). */
  | { kind: 'public' }
  /** The signed-in operator's own account, session and factor: no company resource. */
  | { kind: 'self' }
  /** One company of the operator's. */
  | { kind: 'company'; by: CompanyNamedBy; notFound?: ServerErrorCode }
  /**
   * The company the cnpj header names, or without one every company of the operator's whose profile holds the
   * permission (403 when none does).
   */
  | { kind: 'companies' }
  /**
   * One account (uuid in the path) and one of its cards, in a company of the operator's. `rows: 'ids'`: the call needs
   * only which account, card and company they are, so the scope reads no more (the history's reads, issue 17).
   */
  | { kind: 'card'; by: CardNamedBy; notFound?: ServerErrorCode; rows?: 'ids' }
  /**
   * A portal user (CPF in the path): theirs only when every company the user belongs to is one of the operator's
   * where their profile holds the permission. `in`: the call also names one company (the user must belong to it).
   */
  | { kind: 'user'; in?: 'cnpj header' }
  /**
   * Decided by the export's kind (EXPORT_POLICIES in exports.ts): a company or a card, each with its own rule. The
   * download is judged by the same rule again, without the step-up the ticket asked for a minute before.
   */
  | { kind: 'export'; phase: 'ticket' | 'download' };

export type ScopeKind = ScopeSpec['kind'];

/** What a call's step-up rule looks at when it depends on the call: its body, and the user it changes. */
export interface StepUpCall {
  body: unknown;
  /** The changed user as stored (user scope only): their e-mail and their profile in each of their companies. */
  target?: { email: string; profiles: readonly Profile[] };
}

/**
 * When a call asks for a recent proof of identity (decision 091): never, whenever the last proof is older than the
 * window, or only for the calls the rule names (a permanent block, a profile change).
 */
export type StepUp = 'never' | 'when stale' | { when: string; applies(call: StepUpCall): boolean };

/** Personal data an answer carries. */
/** 'pan': a virtual card's number, expiry and CVV (issue 30). */
export type PersonalData = 'cpf' | 'address' | 'pan';

export interface Reveals {
  data: readonly PersonalData[];
  /**
   * 'masked for Consulta': a profile without `personal.read` gets every CPF and address masked (decisions 090, 093);
   * 'in full': the audited "mostrar", whole to every profile allowed to call.
   */
  to: 'masked for Consulta' | 'in full';
}

/** The trail a successful call writes to, and the actions it may record there. */
export interface Audits {
  trail: 'audit_log' | 'card_events';
  actions: readonly string[];
}

/**
 * A read that shows holders' CPFs or addresses in full is on the record (issue 29, PCI DSS 10.2.1.1): gathered per
 * operator and written as one audit row a second (provider/audit/reads.ts). A profile that sees them masked reveals
 * nothing, and is not recorded.
 */
export const PERSONAL_DATA_READ = { trail: 'audit_log', actions: ['personal-data.read'] } as const satisfies Audits;

export interface Policy {
  scope: ScopeSpec;
  /** What the operator's profile in the scope's company must hold; null for public and own-account calls. */
  permission: Permission | null;
  stepUp: StepUp;
  reveals?: Reveals;
  audits?: Audits;
  /** Session states that may call besides a full one (the auth hook refuses the others). */
  session?: { temporaryPassword?: true; pendingFactor?: true };
  /** The portal names the endpoint but the provider serves no route for it (company registration is the platform's). */
  served?: false;
}

/** Whether the call asks for a step-up, for a session whose last proof of identity is older than the window. */
export function stepUpApplies(stepUp: StepUp, call: StepUpCall): boolean {
  if (stepUp === 'never') return false;
  if (stepUp === 'when stale') return true;
  return stepUp.applies(call);
}

/** The rule's words for the permissions page. */
export const stepUpText = (stepUp: StepUp): string =>
  stepUp === 'never' ? 'never' : stepUp === 'when stale' ? 'when stale' : `when stale, ${stepUp.when}`;

// Builders, so each contract entry reads as one line of policy. The scope's kind stays a literal type: the provider's
// handlers receive the Scope of that kind.
type More = Omit<Policy, 'scope' | 'permission' | 'stepUp'> & { stepUp?: StepUp };

const build = <S extends ScopeSpec>(scope: S, permission: Permission | null, more: More = {}) => ({
  ...more,
  scope,
  permission,
  stepUp: more.stepUp ?? ('never' as StepUp),
});

export const policy = {
  public: (more?: More) => build({ kind: 'public' } as const, null, more),
  own: (more?: More) => build({ kind: 'self' } as const, null, more),
  company: (by: CompanyNamedBy, permission: Permission, more: More & { notFound?: ServerErrorCode } = {}) => {
    const { notFound, ...rest } = more;
    return build({ kind: 'company', by, ...(notFound ? { notFound } : {}) } as const, permission, rest);
  },
  companies: (permission: Permission, more?: More) => build({ kind: 'companies' } as const, permission, more),
  card: (by: CardNamedBy, permission: Permission, more: More & { notFound?: ServerErrorCode } = {}) => {
    const { notFound, ...rest } = more;
    return build({ kind: 'card', by, ...(notFound ? { notFound } : {}) } as const, permission, rest);
  },
  /** A card scope of the account's and card's ids only (see ScopeSpec). */
  cardIds: (by: CardNamedBy, permission: Permission, more?: More) =>
    build({ kind: 'card', by, rows: 'ids' } as const, permission, more),
  user: (permission: Permission, more: More & { in?: 'cnpj header' } = {}) => {
    const { in: within, ...rest } = more;
    return build({ kind: 'user', ...(within ? { in: within } : {}) } as const, permission, rest);
  },
  export: (phase: 'ticket' | 'download', more?: More) => build({ kind: 'export', phase } as const, null, more),
};
