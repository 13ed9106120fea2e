// Profiles (issue 16, decision 087): the permission an endpoint needs (contracts/profiles.ts) is judged in the
// company the call acts on. handle() puts the endpoint's permission in a request-scoped store before its handler
// runs; the authorization chokepoints every service already goes through (the operator's company, account or
// card) judge the profile once they know the company and before anything is written (they read it with the company,
// `requireLinkedPermission`, decision 099; `requirePermissionIn` reads it itself). A company the
// operator is not linked to never gets here (it stays the usual 404); a linked one whose profile lacks the
// permission is 403 PROFILE_FORBIDDEN, naming the profile and what it may not do. A harmful call whose step-up is
// due is refused there too, right after the permission (decision 095).
import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { messages } from '../../contracts/messages.ts';
import { can, type Permission, PROFILE_LABELS, PROFILES, type Profile } from '../../contracts/profiles.ts';
import type { DbExecutor } from '../db/client.ts';
import { preparedRead } from '../db/prepared.ts';
import { userCompanies } from '../db/schema.ts';
import { fail } from '../errors.ts';

interface PermissionScope {
  permission: Permission;
  /**
   * The operator's profile in the company the call acts on, recorded by `requirePermissionIn` (decision 090): handle()
   * masks the answer's CPFs when it is Consulta. The most restrictive one wins if a call judges two companies.
   */
  profile?: Profile;
  /**
   * The call is one of the harmful ones and the session's last proof of identity is older than the window (decision
   * 091): once the operator is found allowed to make it, it is refused STEP_UP_REQUIRED (decision 095) — after the
   * 404 of a company not theirs and the 403 of a profile without the permission, so nobody is asked to confirm a
   * call they may not make, and before anything is written.
   */
  stepUpDue?: boolean;
  /** Set once a chokepoint judged the step-up: handle() checks in tests that every harmful call reached one. */
  stepUpJudged?: boolean;
}

const scope = new AsyncLocalStorage<PermissionScope>();

/** Runs `fn` with the endpoint's permission in scope (handle() calls it for every endpoint that names one). */
export function withPermission<T>(permission: Permission | null, fn: () => T, stepUpDue = false): T {
  return permission === null ? fn() : scope.run({ permission, stepUpDue }, fn);
}

/** True when the running call owed a step-up and no chokepoint judged it (a service that skipped its chokepoint). */
export const stepUpUnjudged = (): boolean => {
  const store = scope.getStore();
  return store?.stepUpDue === true && store.stepUpJudged !== true;
};

/**
 * Refuses STEP_UP_REQUIRED when the running call owes a step-up. The chokepoints call it through
 * `requirePermissionIn`; a service that judges several companies, or has a refusal of its own that must come
 * first, passes `{ stepUp: 'later' }` there and calls this itself.
 */
export function requireFreshIdentity(): void {
  const store = scope.getStore();
  if (!store?.stepUpDue) return;
  store.stepUpJudged = true;
  fail('STEP_UP_REQUIRED');
}

/** The permission the running endpoint needs, or null outside an endpoint that names one (jobs, commands). */
export const permissionInScope = (): Permission | null => scope.getStore()?.permission ?? null;

/** The operator's profile found for the running endpoint, or null when no chokepoint judged one. */
export const profileInScope = (): Profile | null => scope.getStore()?.profile ?? null;

export const isProfile = (value: unknown): value is Profile => (PROFILES as readonly unknown[]).includes(value);

/** A profile as stored on a link: a value that names none reads as the least, Consulta. */
export const storedProfile = (value: unknown): Profile => (isProfile(value) ? value : 'CONSULTA');

/** The user's profile in this company, or null when they are not linked to it. */
const profileRead = preparedRead('profile', (db, name) =>
  db
    .select({ profile: userCompanies.profile })
    .from(userCompanies)
    .where(
      and(
        eq(userCompanies.userId, sql.placeholder('userId')),
        eq(userCompanies.companyId, sql.placeholder('companyId')),
      ),
    )
    .prepare(name),
);

export async function profileIn(db: DbExecutor, userId: string, companyId: number): Promise<Profile | null> {
  const [row] = await profileRead(db).execute({ userId, companyId });
  if (!row) return null;
  return storedProfile(row.profile);
}

/** The refusal of a profile without `permission`: 403, the profile's name and what it may not do. */
export function refuseProfile(profile: Profile, permission: Permission): never {
  fail(
    'PROFILE_FORBIDDEN',
    messages.profiles.forbidden(PROFILE_LABELS[profile], messages.profiles.missing[permission]),
  );
}

/**
 * Refuses (403) when the endpoint in scope needs a permission the operator's profile in `companyId` lacks. Called by
 * the chokepoints after they found the operator's company (so an unlinked company has already answered 404).
 */
export async function requirePermissionIn(
  db: DbExecutor,
  userId: string,
  companyId: number,
  options: StepUpOption = { stepUp: 'now' },
): Promise<void> {
  if (permissionInScope() === null) return;
  const profile = await profileIn(db, userId, companyId);
  if (profile === null) return; // Not linked: the chokepoint's own 404 stands.
  judgeProfile(profile, options);
}

type StepUpOption = { stepUp: 'now' | 'later' };

/**
 * `requirePermissionIn` for a chokepoint whose own statement already read the operator's link to the company
 * (`user_companies.profile`, joined on the operator and the company): the same judgement without a second read
 * (issue 17: one statement less on every card and company call).
 */
export function requireLinkedPermission(linkProfile: string): void {
  judgeProfile(storedProfile(linkProfile), { stepUp: 'now' });
}

function judgeProfile(profile: Profile, options: StepUpOption): void {
  const permission = permissionInScope();
  if (permission === null) return;
  const store = scope.getStore();
  if (store && store.profile !== 'CONSULTA') store.profile = profile;
  if (!can(profile, permission)) refuseProfile(profile, permission);
  if (options.stepUp === 'now') requireFreshIdentity();
}
