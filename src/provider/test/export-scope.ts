// The scope step an export goes through (the ticket's), for tests that read an export kind's rows directly: the same
// policy, the same refusals (another company's 404, a profile without the permission 403).
import { contract } from '../../contracts/contract.ts';
import type { DbExecutor } from '../db/client.ts';
import { effectivePolicy, resolveScope } from '../http/scope/index.ts';
import type { CardScope, CompanyScope } from '../http/scope/types.ts';
import type { Principal } from '../services/sessions.ts';

export async function exportScope<S extends CompanyScope | CardScope = CompanyScope>(
  db: DbExecutor,
  principal: Principal,
  kind: string,
  filters: unknown,
): Promise<S> {
  const { policy, input } = effectivePolicy(contract.exportTicket.policy, {
    params: {},
    headers: {},
    query: {},
    body: { kind, filters },
  });
  // A kind's rows take the scope its policy names (a company's or a card's): the test knows which it reads.
  return (await resolveScope(db, policy, principal, input)) as S;
}
