// Portal user administration (spec sections 3, 4 and 7): an operator creates, lists, edits, activates,
// deactivates and deletes the users of the companies they act for. A user of no shared company is invisible
// (404, nothing changed); every change and its audit_log row are written in one transaction. Creating,
// deactivating, activating and deleting a user are security events (decision 075), with the company they concern
// and the client's address; an edit is an audit row with the same fields but no log line.
import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { UserStatus } from '../../contracts/constants.ts';
import { messages } from '../../contracts/messages.ts';
import type { CreateUserBody, PortalUser, UpdateUserBody } from '../../contracts/schemas.ts';
import type { Db, DbExecutor } from '../db/client.ts';
import { auditLog, companies, portalUsers, userCompanies } from '../db/schema.ts';
import { type AppError, appError, fail } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { temporaryPasswordMail } from '../mail/templates.ts';
import { hashPassword } from './passwords.ts';
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
}

/** Logins are lower-case (the sign-in lower-cases what is typed) and free of spaces and accents. */
const LOGIN_PATTERN = /^[a-z0-9._@-]+$/;

export function toPortalUser(row: UserRow): PortalUser {
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
    // Profiles are not modelled: the only list the portal sends holds one empty entry (spec section 6).
    perfis: [],
  };
}

/** What an audit row keeps of a user: everything but secrets and counters. */
function snapshot(row: UserRow) {
  const { id: _id, perfis: _perfis, ...rest } = toPortalUser(row);
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
    .select({ id: companies.id })
    .from(companies)
    .innerJoin(userCompanies, and(eq(userCompanies.companyId, companies.id), eq(userCompanies.userId, actor.userId)))
    .where(eq(companies.cnpj, cnpj));
  if (!row) fail('COMPANY_NOT_FOUND');
  return row.id;
}

export interface ListOptions {
  /** Only this company's users; otherwise those of every company the operator acts for. */
  companyId?: number;
  page: number;
  limit: number;
  direction: 'asc' | 'desc';
}

export async function listUsers(db: Db, actor: Actor, opts: ListOptions): Promise<PortalUser[]> {
  const scope = opts.companyId === undefined ? await companyIdsOf(db, actor.userId) : [opts.companyId];
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
  return rows.map(toPortalUser);
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
  const [row] = await tx.select().from(portalUsers).where(eq(portalUsers.document, document)).for('update');
  if (!row) fail('USER_NOT_FOUND');
  const mine = await companyIdsOf(tx, actor.userId);
  const theirs = await companyIdsOf(tx, row.id);
  const shared = theirs.filter((id) => mine.includes(id));
  if (shared.length === 0) fail('USER_NOT_FOUND');
  if (shared.length < theirs.length) fail('FORBIDDEN', messages.users.sharedUser);
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
      await tx.insert(userCompanies).values({ userId: row.id, companyId });
      await recordSecurityEvent(tx, origin.log, {
        type: 'user.create',
        actorUserId: actor.userId,
        target: targetOf(row),
        at: now,
        companyId,
        address: origin.address,
        before: null,
        after: { ...snapshot(row), companyId },
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
  return toPortalUser(created);
}

export async function updateUser(
  db: Db,
  actor: Actor,
  document: string,
  body: UpdateUserBody,
  now: Date,
  origin: Origin,
): Promise<PortalUser> {
  return db.transaction(async (tx) => {
    const { row: before, companyId } = await manageableUser(tx, actor, document);
    const changes = {
      name: body.nomeUsuario,
      email: body.email,
      ddi: body.ddi,
      ddd: body.ddd,
      mobile: body.numeroCelular,
    };
    const unchanged = (Object.keys(changes) as (keyof typeof changes)[]).every((k) => before[k] === changes[k]);
    if (unchanged) return toPortalUser(before);
    const [after] = await tx
      .update(portalUsers)
      .set({ ...changes, updatedAt: now })
      .where(eq(portalUsers.id, before.id))
      .returning();
    if (!after) fail('USER_NOT_FOUND');
    await tx.insert(auditLog).values({
      actorUserId: actor.userId,
      at: now,
      action: 'user.update',
      target: targetOf(before),
      companyId,
      address: origin.address,
      before: snapshot(before),
      after: snapshot(after),
    });
    return toPortalUser(after);
  });
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
    if (before.status === status) return toPortalUser(before);
    if (before.id === actor.userId && status === 'INATIVO') fail('SELF_DEACTIVATE');
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
    return toPortalUser(after);
  });
}

export async function deleteUser(db: Db, actor: Actor, document: string, now: Date, origin: Origin): Promise<void> {
  await db.transaction(async (tx) => {
    const { row: before, companyId } = await manageableUser(tx, actor, document);
    if (before.id === actor.userId) fail('SELF_DELETE');
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
