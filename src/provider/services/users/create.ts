// A new portal user of the chosen company (spec sections 3 and 7), on a temporary password sent by e-mail. The
// creation and its audit row are one transaction; a user whose password mail could not be sent is undone, on the
// record.
import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import { eq, or } from 'drizzle-orm';
import { messages } from '../../../contracts/messages.ts';
import { profileOfList } from '../../../contracts/profiles.ts';
import type { CreateUserBody, PortalUser } from '../../../contracts/schemas.ts';
import { appendAudit } from '../../audit/append.ts';
import type { Db } from '../../db/client.ts';
import { portalUsers, userCompanies } from '../../db/schema.ts';
import { type AppError, appError, fail } from '../../errors.ts';
import type { CompanyScope, UserRow } from '../../http/scope/types.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { temporaryPasswordMail } from '../../mail/templates.ts';
import { hashPassword } from '../passwords.ts';
import { type Origin, recordSecurityEvent } from '../security-events.ts';
import { temporaryPassword } from '../temporary-password.ts';
import { temporaryPasswordExpiry } from '../temporary-password-expiry.ts';
import { snapshot, targetOf, toPortalUser } from './portal-user.ts';

export interface UsersDeps {
  db: Db;
  mailer: Mailer;
}

/** Logins are lower-case (the sign-in lower-cases what is typed) and free of spaces and accents. */
const LOGIN_PATTERN = /^[a-z0-9._@-]+$/;

function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

const duplicateError = (constraint: string): AppError =>
  appError(constraint.includes('document') ? 'DOCUMENT_TAKEN' : 'LOGIN_TAKEN');

/**
 * The creation's own refusals, judged before the step-up: a login or CPF that cannot be, or that another user
 * already has (the unique indexes still decide a race, below).
 */
export async function refuseCreate(db: Db, body: CreateUserBody): Promise<void> {
  const login = body.login.toLowerCase();
  if (!LOGIN_PATTERN.test(login)) fail('INVALID_INPUT', messages.users.invalidLogin);
  if (!isValidCpf(body.numeroDocumento)) fail('INVALID_INPUT', messages.users.invalidDocument);
  const taken = await db
    .select({ login: portalUsers.login })
    .from(portalUsers)
    .where(or(eq(portalUsers.login, login), eq(portalUsers.document, body.numeroDocumento)));
  if (taken.length > 0) throw duplicateError(taken.some((t) => t.login === login) ? 'login' : 'document');
}

export async function createUser(
  { db, mailer }: UsersDeps,
  scope: CompanyScope,
  body: CreateUserBody,
  now: Date,
  origin: Origin,
): Promise<PortalUser> {
  await refuseCreate(db, body);
  const actorUserId = scope.principal.userId;
  const companyId = scope.company.id;
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
          login: body.login.toLowerCase(),
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
        actorUserId,
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
      await appendAudit(tx, {
        actorUserId,
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
