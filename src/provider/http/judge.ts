// The judgement every call goes through before its handler (issue 25, decision 101), from the endpoint's declared
// policy: the scope found and judged (http/scope), the route's business refusals, the step-up; and, after the handler,
// the answer as the operator may see it.
import type { FastifyRequest } from 'fastify';
import { maskAddressFields } from '../../contracts/masked-address.ts';
import { maskCpfFields } from '../../contracts/masked-cpf.ts';
import { type Policy, type StepUpCall, stepUpApplies } from '../../contracts/policy.ts';
import { can } from '../../contracts/profiles.ts';
import type { Db } from '../db/client.ts';
import { fail } from '../errors.ts';
import { effectivePolicy, resolveScope } from './scope/index.ts';
import type { CallInput } from './scope/locate.ts';
import type { Scope } from './scope/types.ts';

/** What a step-up rule that depends on the call reads: the body, and the changed user as stored. */
function stepUpCallOf(body: unknown, scope: Scope): StepUpCall {
  if (scope.kind !== 'user') return { body };
  return { body, target: { email: scope.target.email, profiles: scope.links.map((l) => l.profile) } };
}

/** The profile the answer is shown to: the most restrictive one when the call spans several companies. */
function profileOf(scope: Scope) {
  if (scope.kind === 'public' || scope.kind === 'self') return null;
  if (scope.kind !== 'companies') return scope.profile;
  return scope.companies.find((c) => !can(c.profile, 'personal.read'))?.profile ?? scope.companies[0]?.profile ?? null;
}

/**
 * Whether the answer's personal data reach this operator masked: a profile without personal.read gets every holder
 * CPF and address masked (decisions 090, 093), unless the endpoint is an audited "mostrar" that reveals them in full.
 */
export function masksPersonalData(policy: Policy, scope: Scope): boolean {
  if (policy.reveals?.to !== 'masked for Consulta') return false;
  const profile = profileOf(scope);
  return profile !== null && !can(profile, 'personal.read');
}

/** The answer as the operator may see it (masksPersonalData). */
export function shownTo<T>(policy: Policy, scope: Scope, answer: T): T {
  if (!policy.reveals || !masksPersonalData(policy, scope)) return answer;
  let out = answer;
  if (policy.reveals.data.includes('cpf')) out = maskCpfFields(out);
  if (policy.reveals.data.includes('address')) out = maskAddressFields(out);
  return out;
}

/**
 * The scope step of every call, also used by the routes that stream (the CSV download): the scope found and judged,
 * then the business refusals, then the step-up when the policy asks it of this call and the session's last proof
 * of identity is older than the window.
 */
export async function judgeCall(
  db: Db,
  declared: Policy,
  request: FastifyRequest,
  input: CallInput,
  refuse?: (scope: Scope) => void | Promise<void>,
): Promise<{ scope: Scope; policy: Policy }> {
  const { policy, input: scoped } = effectivePolicy(declared, input);
  const scope = await resolveScope(db, policy, request.principal, scoped);
  await refuse?.(scope);
  if (request.principal?.stepUpDue && stepUpApplies(policy.stepUp, stepUpCallOf(input.body, scope))) {
    fail('STEP_UP_REQUIRED');
  }
  return { scope, policy };
}

/** What a read showed, as its record names it: the account, or the company whose list it was. */
function readTarget(scope: Scope): { companyId: number; target: string } | null {
  switch (scope.kind) {
    case 'card':
      return { companyId: scope.company.id, target: `account:${scope.account.id}` };
    case 'company':
      return { companyId: scope.company.id, target: `empresa:${scope.company.cnpj}` };
    case 'companies':
      return scope.companies[0] ? { companyId: scope.companies[0].id, target: 'empresas do operador' } : null;
    default:
      return null;
  }
}

/**
 * Puts a read on the record when its policy audits it (decision 108): the audit trail opened, or personal data
 * shown in full (a profile that saw them masked revealed nothing). The "mostrar" endpoints write their own row.
 */
export async function recordRead(request: FastifyRequest, method: string, policy: Policy, scope: Scope) {
  const action = policy.audits?.actions[0];
  if (method !== 'GET' || policy.audits?.trail !== 'audit_log' || policy.reveals?.to === 'in full') return;
  if (action !== 'personal-data.read' && action !== 'audit.read') return;
  if (policy.reveals && masksPersonalData(policy, scope)) return;
  const where = readTarget(scope);
  if (!where || !request.principal) return;
  await request.server.providerReads.record({
    action,
    actorUserId: request.principal.userId,
    companyId: where.companyId,
    address: request.ip,
    endpoint: request.routeOptions.config.endpoint ?? request.url,
    target: where.target,
    data: policy.reveals?.data ?? [],
  });
}
