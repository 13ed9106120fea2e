// The first administrator of a company, created from the terminal (production seeds nobody): a portal user of
// that company on a temporary password, mailed through the configured mailer and replaced at first access.
import { randomInt } from 'node:crypto';
import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import { eq, or } from 'drizzle-orm';
import { z } from 'zod';
import { email } from '../../contracts/fields.ts';
import { messages } from '../../contracts/messages.ts';
import { appendAudit } from '../audit/append.ts';
import type { Db } from '../db/client.ts';
import { companies, portalUsers, userCompanies } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { temporaryPasswordMail } from '../mail/templates.ts';
import { hashPassword } from '../services/passwords.ts';
import { temporaryPassword } from '../services/temporary-password.ts';
import { temporaryPasswordExpiry } from '../services/temporary-password-expiry.ts';
import { AdminError } from './admin-error.ts';

const digitsOnly = (v: string) => v.replace(/\D/g, '');
const required = 'obrigatório';

export const createAdminInput = z.object({
  company: z
    .string(required)
    .transform(digitsOnly)
    .refine((v) => v.length === 14 && isValidCnpj(v), messages.admin.cnpjInvalid),
  login: z
    .string(required)
    .trim()
    .toLowerCase()
    .min(1)
    .max(60)
    .regex(/^[a-z0-9._@-]+$/, messages.users.invalidLogin),
  email,
  name: z.string().trim().min(1).max(60).optional(),
  document: z
    .string()
    .transform(digitsOnly)
    .refine((v) => isValidCpf(v), messages.users.invalidDocument)
    .optional(),
});
export type CreateAdminInput = z.infer<typeof createAdminInput>;

/**
 * Users are addressed by document number in the portal's API, so one is needed. Without a CPF the administrator
 * gets 11 digits that fail the CPF check, so they can never name a real person (docs/decisions/057).
 */
function placeholderDocument(): string {
  for (;;) {
    const candidate = Array.from({ length: 11 }, () => randomInt(10)).join('');
    if (!isValidCpf(candidate)) return candidate;
  }
}

export async function createFirstAdmin(
  deps: { db: Db; mailer: Mailer },
  input: CreateAdminInput,
  now: Date,
): Promise<{ login: string; email: string; companyName: string }> {
  const { db, mailer } = deps;
  const [company] = await db.select().from(companies).where(eq(companies.cnpj, input.company));
  if (!company) throw new AdminError([`${messages.admin.unknownCompany} (${input.company})`]);

  let document = input.document ?? placeholderDocument();
  const taken = await db
    .select({ login: portalUsers.login, document: portalUsers.document })
    .from(portalUsers)
    .where(or(eq(portalUsers.login, input.login), eq(portalUsers.document, document)));
  if (taken.some((t) => t.login === input.login)) throw new AdminError([messages.users.loginTaken]);
  if (taken.length > 0) {
    if (input.document) throw new AdminError([messages.users.documentTaken]);
    document = placeholderDocument();
  }

  const password = temporaryPassword();
  const row = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(portalUsers)
      .values({
        login: input.login,
        document,
        name: input.name ?? input.login,
        email: input.email,
        // No phone is asked for here: the administrator fills it in the portal.
        ddi: 55,
        ddd: 0,
        mobile: 0,
        status: 'ATIVO',
        passwordHash: await hashPassword(password),
        mustChangePassword: true,
        temporaryPasswordExpiresAt: temporaryPasswordExpiry(now),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!user) throw new Error('user insert returned nothing');
    await tx.insert(userCompanies).values({ userId: user.id, companyId: company.id });
    await appendAudit(tx, {
      actorUserId: null,
      at: now,
      action: 'user.create',
      target: `usuario:${user.login}`,
      companyId: company.id,
      // Typed at the server's terminal: no client address to record.
      address: null,
      before: null,
      after: {
        login: user.login,
        nomeUsuario: user.name,
        email: user.email,
        companyId: company.id,
        via: 'admin:create',
      },
    });
    return user;
  });

  try {
    await mailer.send(temporaryPasswordMail(row.email, row.name, row.login, password));
  } catch (err) {
    // An administrator nobody can sign in as is worse than none: undo, on the record, and say so.
    await db.transaction(async (tx) => {
      await tx.delete(portalUsers).where(eq(portalUsers.id, row.id));
      await appendAudit(tx, {
        actorUserId: null,
        at: now,
        action: 'user.create.undone',
        target: `usuario:${row.login}`,
        companyId: company.id,
        address: null,
        before: { login: row.login, email: row.email, companyId: company.id },
        after: { reason: 'temporary-password mail not sent', via: 'admin:create' },
      });
    });
    throw Object.assign(new AdminError([messages.users.mailFailure]), { cause: err });
  }
  return { login: row.login, email: row.email, companyName: company.corporateName };
}
