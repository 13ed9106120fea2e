// The company's rule "Exigir segundo fator de todos os perfis" (decision 091): read and changed by its
// Administrador, the change a security event with the value before and after. It takes effect at each user's next
// sign-in.
import { eq } from 'drizzle-orm';
import type { CompanySecurity } from '../../contracts/second-factor.ts';
import type { Db } from '../db/client.ts';
import { companies } from '../db/schema.ts';
import { fail } from '../errors.ts';
import type { CompanyScope } from '../http/scope/types.ts';
import { type Origin, recordSecurityEvent } from './security-events.ts';

async function ruleOf(db: Pick<Db, 'select'>, companyId: number, lock = false): Promise<boolean> {
  const query = db
    .select({ required: companies.requireSecondFactor })
    .from(companies)
    .where(eq(companies.id, companyId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) fail('COMPANY_NOT_FOUND');
  return row.required;
}

export async function companySecurityOf(db: Db, scope: CompanyScope): Promise<CompanySecurity> {
  return { exigirSegundoFator: await ruleOf(db, scope.company.id) };
}

export async function setCompanySecurity(
  db: Db,
  scope: CompanyScope,
  rule: CompanySecurity,
  now: Date,
  origin: Origin,
): Promise<CompanySecurity> {
  const { company } = scope;
  return db.transaction(async (tx) => {
    const before = await ruleOf(tx, company.id, true);
    if (before === rule.exigirSegundoFator) return rule;
    await tx
      .update(companies)
      .set({ requireSecondFactor: rule.exigirSegundoFator })
      .where(eq(companies.id, company.id));
    await recordSecurityEvent(tx, origin.log, {
      type: 'company.security',
      actorUserId: scope.principal.userId,
      target: `empresa:${company.cnpj}`,
      at: now,
      companyId: company.id,
      address: origin.address,
      before: { exigirSegundoFator: before },
      after: { exigirSegundoFator: rule.exigirSegundoFator },
    });
    return rule;
  });
}
