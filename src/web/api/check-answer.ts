// The contract's check of one answer, the same whether it runs in the answers' worker (answer-checker.ts) or, where
// there is no worker, on the page: a 204 has no body, any other answer is parsed by what the browser receives.
import { type Contract, contract, type EndpointName } from '../../contracts/contract.ts';

/** What a check answers; plain data both ways, so it crosses to and from a worker as it is. */
export type Checked = { ok: true; data: unknown } | { ok: false; issues: unknown };

export function checkAnswer(name: EndpointName, data: unknown): Checked {
  const endpoint: Contract | undefined = contract[name];
  // Only the client names endpoints, from the contract's own names; a name it lacks is a broken build, not an answer.
  if (!endpoint) return { ok: false, issues: [`${name} não está no contrato`] };
  // The transport reads a 204's empty answer as null: nothing to check.
  if (endpoint.status === 204) return { ok: true, data: undefined };
  const parsed = (endpoint.browserResponse ?? endpoint.response).safeParse(data);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, issues: parsed.error.issues };
}
