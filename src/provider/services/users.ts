// Portal user administration (spec sections 3, 4 and 7): an operator creates, lists, edits, activates,
// deactivates and deletes the users of the companies they act for. A user of no shared company is invisible
// (404, nothing changed); every change and its audit_log row are written in one transaction. Creating,
// deactivating, activating and deleting a user are security events (decision 075), with the company they concern
// and the client's address; an edit is an audit row with the same fields but no log line.
import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { UserStatus } from '../../contracts/constants.ts';
import { messages } from '../../contracts/messages.ts';
import { can, type Profile, profileOfList } from '../../contracts/profiles.ts';
import type { CreateUserBody, PortalUser, UpdateUserBody } from '../../contracts/schemas.ts';
import type { Db, DbExecutor } from '../db/client.ts';
import { auditLog, companies, portalUsers, userCompanies } from '../db/schema.ts';
import { type AppError, appError, fail } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendSecurityNotice } from '../mail/security-mails.ts';
import { temporaryPasswordMail } from '../mail/templates.ts';
import { hashPassword } from './passwords.ts';
import {
  permissionInScope,
  refuseProfile,
  requireFreshIdentity,
  requireLinkedPermission,
  requirePermissionIn,
  storedProfile,
} from './profiles.ts';
import { usersWithFactor } from './second-factor.ts';
import { type Origin, recordSecurityEvent } from './security-events.ts';
import { revokeUserSessions } from './sessions.ts';
import { temporaryPassword } from './temporary-password.ts';
import { temporaryPasswordExpiry } from './temporary-password-expiry.ts';

type UserRow = typeof portalUsers.$inferSelect;

export interface UsersDeps {
  db: Db;
  mailer: Mailer;
}

/** Who acts: the signed-in operator. */
export interface Actor {
  userId: string;
  /** Their last proof of identity is older than the step-up window: a profile change asks for a new one. */
  stepUpDue?: boolean;
}

/** Logins are lower-case (the sign-in lower-cases what is typed) and free of spaces and accents. */
const LOGIN_PATTERN = /^[a-z0-9._@-]+$/;

export function toPortalUser(row: UserRow, profile: Profile | null = null, secondFactor = false): PortalUser {
  return {
    id: row.id,
    login: row.login,
    nomeUsuario: row.name,
    email: row.email,
    numeroDocumento: row.document,
    ddi: row.ddi,
    ddd: row.ddd,
    numCelular: row.mobile,
    status: row.status as UserStatus,
    // Profiles (issue 16): the user's profile in the company at hand, in the spec's list.
    perfis: profile ? [profile] : [],
    // Second factor (decision 091): enrolled and confirmed.
    segundoFator: secondFactor,
  };
}

/** One user's answer with their second-factor flag. */
async function portalUserOf(db: DbExecutor, row: UserRow, profile: Profile | null): Promise<PortalUser> {
  return toPortalUser(row, profile, (await usersWithFactor(db, [row.id])).has(row.id));
}

/** What an audit row keeps of a user: everything but secrets and counters. */
function snapshot(row: UserRow) {
  const { id: _id, perfis: _perfis, segundoFator: _factor, ...rest } = toPortalUser(row);
  return rest;
}

const targetOf = (row: Pick<UserRow, 'login'>) => `usuario:${row.login}`;

async function companyIdsOf(db: DbExecutor, userId: string): Promise<number[]> {
  const rows = await db
    .select({ id: userCompanies.companyId })
    .from(userCompanies)
    .where(eq(userCompanies.userId, userId))
    .orderBy(asc(userCompanies.companyId));
  return rows.map((r) => r.id);
}

/** The operator's company with this CNPJ (the chosen one); 404 when it is not one of theirs. */
export async function chosenCompanyId(db: Db, actor: Actor, cnpj: string): Promise<number> {
  const [row] = await db
    .select({ id: companies.id, profile: userCompanies.profile })
    .from(companies)
    .innerJoin(userCompanies, and(eq(userCompanies.companyId, companies.id), eq(userCompanies.userId, actor.userId)))
    .where(eq(companies.cnpj, cnpj));
  if (!row) fail('COMPANY_NOT_FOUND');
  requireLinkedPermission(row.profile);
  return row.id;
}

/** Each link of the user to a company, with the profile there (unknown values read as the least, Consulta). */
async function linksOf(db: DbExecutor, userId: string): Promise<{ companyId: number; profile: Profile }[]> {
  const rows = await db
    .select({ companyId: userCompanies.companyId, profile: userCompanies.profile })
    .from(userCompanies)
    .where(eq(userCompanies.userId, userId))
    .orderBy(asc(userCompanies.companyId));
  return rows.map((r) => ({ companyId: r.companyId, profile: storedProfile(r.profile) }));
}

/** The advisory lock key space of user changes per company (the audit chain uses 4_242_002). */
const USER_CHANGES_LOCK = 4_242_003;

/**
 * One change to a company's users at a time, companies taken in one order, until the transaction ends. Two
 * administrators changing each other at once must be judged one after the other: otherwise both pass the
 * permission check before either commits (both demoted each other), or lock each other's rows in opposite orders
 * (a deadlock, a 500, on PostgreSQL). Re-entrant within a transaction.
 */
async function lockUserChanges(tx: DbExecutor, companyIds: readonly number[]): Promise<void> {
  for (const companyId of [...companyIds].sort((a, b) => a - b)) {
    await tx.execute(sql`select pg_advisory_xact_lock(${USER_CHANGES_LOCK}, ${companyId})`);
  }
}

/**
 * Refuses (409 LAST_ADMINISTRATOR) when the user is an active Administrador of a company with no other active
 * Administrador: demoting, deactivating or deleting them would leave it without one. The company's administrator
 * links are locked for the rest of the transaction, so two concurrent demotions cannot both pass.
 */
async function keepAnAdministrator(tx: DbExecutor, user: UserRow, companyIds: number[]): Promise<void> {
  if (user.status !== 'ATIVO' || companyIds.length === 0) return;
  await lockUserChanges(tx, companyIds);
  for (const companyId of companyIds) {
    const admins = await tx
      .select({ userId: userCompanies.userId })
      .from(userCompanies)
      .innerJoin(portalUsers, eq(portalUsers.id, userCompanies.userId))
      .where(
        and(
          eq(userCompanies.companyId, companyId),
          eq(userCompanies.profile, 'ADMINISTRADOR'),
          eq(portalUsers.status, 'ATIVO'),
        ),
      )
      .for('update', { of: [userCompanies] });
    const mine = admins.some((a) => a.userId === user.id);
    if (mine && admins.length === 1) fail('LAST_ADMINISTRATOR');
  }
}

export interface ListOptions {
  /** Only this company's users; otherwise those of every company the operator acts for. */
  companyId?: number;
  page: number;
  limit: number;
  direction: 'asc' | 'desc';
}

export async function listUsers(db: Db, actor: Actor, opts: ListOptions): Promise<PortalUser[]> {
  const scope = opts.companyId === undefined ? await manageableCompanies(db, actor) : [opts.companyId];
  if (scope.length === 0) return [];
  const members = db
    .selectDistinct({ id: userCompanies.userId })
    .from(userCompanies)
    .where(inArray(userCompanies.companyId, scope));
  const order = opts.direction === 'desc' ? desc : asc;
  const rows = await db
    .select()
    .from(portalUsers)
    .where(inArray(portalUsers.id, members))
    .orderBy(order(portalUsers.name), order(portalUsers.login))
    .limit(opts.limit)
    .offset(opts.page * opts.limit);
  if (rows.length === 0) return [];
  // Each user's profile in the first listed company they belong to (the chosen one, when a CNPJ names it).
  const links = await db
    .select({ userId: userCompanies.userId, profile: userCompanies.profile })
    .from(userCompanies)
    .where(
      and(
        inArray(
          userCompanies.userId,
          rows.map((r) => r.id),
        ),
        inArray(userCompanies.companyId, scope),
      ),
    )
    .orderBy(desc(userCompanies.companyId));
  const profileOf = new Map<string, Profile>();
  for (const l of links) profileOf.set(l.userId, storedProfile(l.profile));
  const withFactor = await usersWithFactor(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toPortalUser(r, profileOf.get(r.id) ?? null, withFactor.has(r.id)));
}

/**
 * The list's scope without a chosen company: the operator's companies whose users their profile may manage. One
 * with companies but no such profile in any is refused (403), naming the profile.
 */
async function manageableCompanies(db: Db, actor: Actor): Promise<number[]> {
  const links = await linksOf(db, actor.userId);
  const permission = permissionInScope();
  if (permission === null) return links.map((l) => l.companyId);
  const allowed = links.filter((l) => can(l.profile, permission));
  const first = links[0];
  if (allowed.length === 0 && first) refuseProfile(first.profile, permission);
  return allowed.map((l) => l.companyId);
}

/**
 * The user with this document, locked for the change, when the operator may change them: they must share a
 * company (else 404, as if unknown), and the operator must act for every company the user belongs to, so a
 * change made from one company cannot lock the user out of another company the operator does not administer.
 * `companyId` is the company the change is recorded under: these routes name none, so it is the user's (the first
 * by id when they belong to several, all of which the operator administers).
 */
async function manageableUser(
  tx: DbExecutor,
  actor: Actor,
  document: string,
): Promise<{ row: UserRow; companyId: number }> {
  const mine = await companyIdsOf(tx, actor.userId);
  await lockUserChanges(tx, mine);
  // NO KEY UPDATE, not UPDATE: the lock need not block the FOR KEY SHARE an audit row's foreign key takes on its
  // actor's row.
  const [row] = await tx.select().from(portalUsers).where(eq(portalUsers.document, document)).for('no key update');
  if (!row) fail('USER_NOT_FOUND');
  const theirs = await companyIdsOf(tx, row.id);
  const shared = theirs.filter((id) => mine.includes(id));
  if (shared.length === 0) fail('USER_NOT_FOUND');
  for (const companyId of shared) await requirePermissionIn(tx, actor.userId, companyId, { stepUp: 'later' });
  if (shared.length < theirs.length) fail('FORBIDDEN', messages.users.sharedUser);
  // Allowed in every company the user belongs to: only now is a due step-up asked (decision 095).
  requireFreshIdentity();
  return { row, companyId: shared[0] as number };
}

function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

function duplicateError(constraint: string): AppError {
  return appError(constraint.includes('document') ? 'DOCUMENT_TAKEN' : 'LOGIN_TAKEN');
}

export async function createUser(
  { db, mailer }: UsersDeps,
  actor: Actor,
  companyId: number,
  body: CreateUserBody,
  now: Date,
  origin: Origin,
): Promise<PortalUser> {
  const login = body.login.toLowerCase();
  if (!LOGIN_PATTERN.test(login)) fail('INVALID_INPUT', messages.users.invalidLogin);
  if (!isValidCpf(body.numeroDocumento)) fail('INVALID_INPUT', messages.users.invalidDocument);

  // Checked first for a clear reason; the unique indexes still decide a race (caught below).
  const taken = await db
    .select({ login: portalUsers.login })
    .from(portalUsers)
    .where(or(eq(portalUsers.login, login), eq(portalUsers.document, body.numeroDocumento)));
  if (taken.length > 0) throw duplicateError(taken.some((t) => t.login === login) ? 'login' : 'document');

  // Profiles (issue 16): a create that names no profile gets the least one (decision 087).
  const profile = profileOfList(body.listaPerfis) ?? 'CONSULTA';
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  let created: UserRow;
  try {
    created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(portalUsers)
        .values({
          login,
          document: body.numeroDocumento,
          name: body.nomeUsuario,
          email: body.email,
          ddi: body.ddi,
          ddd: body.ddd,
          mobile: body.numCelular,
          status: 'ATIVO',
          passwordHash,
          mustChangePassword: true,
          temporaryPasswordExpiresAt: temporaryPasswordExpiry(now),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('user insert returned nothing');
      await tx.insert(userCompanies).values({ userId: row.id, companyId, profile });
      await recordSecurityEvent(tx, origin.log, {
        type: 'user.create',
        actorUserId: actor.userId,
        target: targetOf(row),
        at: now,
        companyId,
        address: origin.address,
        before: null,
        after: { ...snapshot(row), companyId, perfil: profile },
      });
      return row;
    });
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint !== null) throw duplicateError(constraint);
    throw err;
  }

  try {
    await mailer.send(temporaryPasswordMail(created.email, created.name, created.login, password));
  } catch (err) {
    // A user nobody can sign in as is worse than none: undo the creation, on the record, and say so.
    await db.transaction(async (tx) => {
      await tx.delete(portalUsers).where(eq(portalUsers.id, created.id));
      await tx.insert(auditLog).values({
        actorUserId: actor.userId,
        at: now,
        action: 'user.create.undone',
        target: targetOf(created),
        companyId,
        address: origin.address,
        before: snapshot(created),
        after: { reason: 'temporary-password mail not sent' },
      });
    });
    throw Object.assign(appError('USER_MAIL_FAILED'), { cause: err });
  }
  return toPortalUser(created, profile);
}

export async function updateUser(
  { db, mailer }: UsersDeps,
  actor: Actor,
  document: string,
  body: UpdateUserBody,
  now: Date,
  origin: Origin & { log: { warn(obj: object, msg: string): void } },
): Promise<PortalUser> {
  const { user, emailBefore } = await db.transaction(async (tx) => {
    const { row: before, companyId } = await manageableUser(tx, actor, document);
    const changes = {
      name: body.nomeUsuario,
      email: body.email,
      ddi: body.ddi,
      ddd: body.ddd,
      mobile: body.numeroCelular,
    };
    // Profiles (issue 16): a named profile applies in every company of the user (all administered by the actor);
    // none named keeps the current one. Judged before anything is written.
    const links = await linksOf(tx, before.id);
    const profileBefore = links.find((l) => l.companyId === companyId)?.profile ?? null;
    const requested = profileOfList(body.listaPerfis);
    const profileChanges = requested === null ? [] : links.filter((l) => l.profile !== requested);
    if (profileChanges.length > 0) {
      if (before.id === actor.userId) fail('OWN_PROFILE');
      const demoted = profileChanges.filter((l) => l.profile === 'ADMINISTRADOR').map((l) => l.companyId);
      await keepAnAdministrator(tx, before, demoted);
      // Step-up (decision 091): a profile change is one of the harmful calls; judged here, where it is known.
      if (actor.stepUpDue) fail('STEP_UP_REQUIRED');
    }
    const profileAfter = profileChanges.length > 0 ? requested : profileBefore;
    const unchanged = (Object.keys(changes) as (keyof typeof changes)[]).every((k) => before[k] === changes[k]);
    if (unchanged && profileChanges.length === 0) {
      return { user: await portalUserOf(tx, before, profileBefore), emailBefore: before.email };
    }
    if (requested !== null && profileChanges.length > 0) {
      await tx
        .update(userCompanies)
        .set({ profile: requested })
        .where(
          and(
            eq(userCompanies.userId, before.id),
            inArray(
              userCompanies.companyId,
              profileChanges.map((l) => l.companyId),
            ),
          ),
        );
    }
    const [after] = unchanged
      ? [before]
      : await tx
          .update(portalUsers)
          .set({ ...changes, updatedAt: now })
          .where(eq(portalUsers.id, before.id))
          .returning();
    if (!after) fail('USER_NOT_FOUND');
    if (after.email !== before.email) {
      // Where password-recovery codes and security notices go: changing it is how an account is taken over (decision
      // 091), so it is a security event of its own.
      await recordSecurityEvent(tx, origin.log, {
        type: 'user.email-changed',
        actorUserId: actor.userId,
        target: targetOf(before),
        at: now,
        companyId,
        address: origin.address,
        before: { email: before.email },
        after: { email: after.email },
      });
    }
    await tx.insert(auditLog).values({
      actorUserId: actor.userId,
      at: now,
      action: 'user.update',
      target: targetOf(before),
      companyId,
      address: origin.address,
      before: { ...snapshot(before), perfil: profileBefore },
      after: { ...snapshot(after), perfil: profileAfter },
    });
    return { user: await portalUserOf(tx, after, profileAfter), emailBefore: before.email };
  });
  // After the commit: the mail tells of a change made; it cannot be sent for one rolled back.
  if (user.email !== emailBefore) {
    await sendSecurityNotice(
      { mailer, log: origin.log },
      { login: user.login, name: user.nomeUsuario, email: user.email },
      { kind: 'email-changed', oldEmail: emailBefore, newEmail: user.email },
      now,
    );
  }
  return user;
}

export async function setUserStatus(
  db: Db,
  actor: Actor,
  document: string,
  status: UserStatus,
  now: Date,
  origin: Origin,
): Promise<PortalUser> {
  return db.transaction(async (tx) => {
    const { row: before, companyId } = await manageableUser(tx, actor, document);
    if (before.status === status) return portalUserOf(tx, before, null);
    if (before.id === actor.userId && status === 'INATIVO') fail('SELF_DEACTIVATE');
    const links = await linksOf(tx, before.id);
    if (status === 'INATIVO') {
      await keepAnAdministrator(
        tx,
        before,
        links.filter((l) => l.profile === 'ADMINISTRADOR').map((l) => l.companyId),
      );
    }
    const [after] = await tx
      .update(portalUsers)
      .set({ status, updatedAt: now })
      .where(eq(portalUsers.id, before.id))
      .returning();
    if (!after) fail('USER_NOT_FOUND');
    // A deactivated user is signed out everywhere at once, not at the next idle expiry.
    if (status === 'INATIVO') await revokeUserSessions(tx, before.id, now);
    await recordSecurityEvent(tx, origin.log, {
      type: status === 'INATIVO' ? 'user.deactivate' : 'user.activate',
      actorUserId: actor.userId,
      target: targetOf(before),
      at: now,
      companyId,
      address: origin.address,
      before: { status: before.status },
      after: { status: after.status },
    });
    return portalUserOf(tx, after, links.find((l) => l.companyId === companyId)?.profile ?? null);
  });
}

export async function deleteUser(db: Db, actor: Actor, document: string, now: Date, origin: Origin): Promise<void> {
  await db.transaction(async (tx) => {
    const { row: before, companyId } = await manageableUser(tx, actor, document);
    if (before.id === actor.userId) fail('SELF_DELETE');
    const links = await linksOf(tx, before.id);
    await keepAnAdministrator(
      tx,
      before,
      links.filter((l) => l.profile === 'ADMINISTRADOR').map((l) => l.companyId),
    );
    if (before.status === 'ATIVO') fail('USER_ACTIVE');
    const companyIds = await companyIdsOf(tx, before.id);
    // Links, sessions and recovery codes go with the user (ON DELETE CASCADE); audit rows keep the target.
    await tx.delete(portalUsers).where(eq(portalUsers.id, before.id));
    await recordSecurityEvent(tx, origin.log, {
      type: 'user.delete',
      actorUserId: actor.userId,
      target: targetOf(before),
      at: now,
      companyId,
      address: origin.address,
      before: { ...snapshot(before), companyIds },
      after: null,
    });
  });
}
