// The scope step (issue 25): from the endpoint's declared policy and the parsed call, the company, card or user the
// call acts on, found in one statement with the operator's link and judged in one order for every call — not the
// operator's (or not there) → 404, a profile without the permission → 403. handle() then runs the route's business
// refusals, the step-up, and the handler with the Scope this returns.
import { EXPORT_POLICIES, type ExportKindName, exportFilters } from '../../../contracts/exports.ts';
import type { Policy, ScopeSpec } from '../../../contracts/policy.ts';
import type { DbExecutor } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import type { Principal } from '../../services/sessions.ts';
import { parseWith } from '../validate.ts';
import { cardRefScope, cardScope } from './card.ts';
import { companiesScope, companyScope } from './company.ts';
import { type CallInput, cardKeyOf, companyKeyOf } from './locate.ts';
import type { Scope } from './types.ts';
import { userScope } from './user.ts';

/**
 * The policy that judges this call: the endpoint's own, or for an export its kind's (EXPORT_POLICIES), with the
 * kind's filters parsed for the scope to read.
 */
export function effectivePolicy(policy: Policy, input: CallInput): { policy: Policy; input: CallInput } {
  if (policy.scope.kind !== 'export') return { policy, input };
  const { kind, filters } = input.body as { kind: string; filters: unknown };
  if (!Object.hasOwn(EXPORT_POLICIES, kind)) fail('EXPORT_KIND_UNKNOWN');
  const name = kind as ExportKindName;
  const own: Policy = EXPORT_POLICIES[name];
  return {
    policy: {
      ...own,
      stepUp: policy.scope.phase === 'download' ? 'never' : own.stepUp,
      ...(policy.audits ? { audits: policy.audits } : {}),
    },
    input: { ...input, filters: parseWith(exportFilters[name], filters) as Record<string, unknown> },
  };
}

export async function resolveScope(
  db: DbExecutor,
  policy: Policy,
  principal: Principal | null,
  input: CallInput,
): Promise<Scope> {
  const spec: ScopeSpec = policy.scope;
  if (spec.kind === 'public') return { kind: 'public' };
  if (!principal) fail('UNAUTHENTICATED');
  const permission = policy.permission;
  switch (spec.kind) {
    case 'self':
      return { kind: 'self', principal };
    case 'company':
      return (
        (await companyScope(db, principal, companyKeyOf(spec.by, input), permission)) ??
        fail(spec.notFound ?? 'COMPANY_NOT_FOUND')
      );
    case 'companies': {
      if (!permission) throw new Error('a companies scope needs a permission');
      const key = companyKeyOf('cnpj header', input);
      if (key.cnpj === undefined) return companiesScope(db, principal, permission);
      return (await companyScope(db, principal, key, permission)) ?? fail('COMPANY_NOT_FOUND');
    }
    case 'card': {
      const key = cardKeyOf(spec.by, input);
      const found =
        spec.rows === 'ids' && key.last4 !== null
          ? await cardRefScope(db, principal, { ...key, last4: key.last4 }, permission)
          : await cardScope(db, principal, key, permission);
      return found ?? fail(spec.notFound ?? 'CARD_NOT_FOUND');
    }
    case 'user': {
      if (!permission) throw new Error('a user scope needs a permission');
      const document = String(input.params.documentNumber ?? input.params.numeroDocumento ?? '');
      if (spec.in === undefined) return userScope(db, principal, { document }, permission);
      // The company the call names first: not the operator's → 404, a profile without the permission → 403.
      const { company } =
        (await companyScope(db, principal, companyKeyOf('cnpj header', input), permission)) ??
        fail('COMPANY_NOT_FOUND');
      return userScope(db, principal, { document, cnpj: company.cnpj }, permission);
    }
    case 'export':
      throw new Error('an export is scoped by its kind: call effectivePolicy first');
  }
}
