// The typed client: `api.blockCard({ params, body })` sends the call through the sealed transport and answers the
// parsed, typed answer of the contract (contracts/contract.ts). The contract's types are read here at compile time;
// its zod schemas are built with the first call (or `preloadContract()`), in the answers' worker where there is one
// (decision 153), so zod stays out of the entry (decision 080) and off the page's main thread.

import { commonMessages } from '../../contracts/common-messages.ts';
import type { BrowserResponseOf, EndpointName, RequestOf } from '../../contracts/contract.ts';
import { untilFirstPaint } from '../lib/first-paint.ts';
import { ApiError, BAD_RESPONSE_CODE, type CallOptions, callApi, isApiError } from '../lib/transport/index.ts';
import { checkAnswerOf, startAnswerChecks } from './answer-checker.ts';
import { confirmIdentity, hasStepUpConfirmer, StepUpCancelledError } from './step-up.ts';

/** Starts the contract's checks ahead of the first call (the login form and the cards search do it on first focus). */
export function preloadContract(): void {
  startAnswerChecks();
}

/** What a call takes besides the contract's input: a provider token named explicitly (tools, tests). */
interface CallExtras {
  token?: string;
}

export type ApiInput<N extends EndpointName> = RequestOf<N> & CallExtras;

const send = (name: EndpointName, input: unknown) =>
  // A call without input reaches the transport as the endpoint name alone, exactly as before the typed client.
  input === undefined ? callApi(name) : callApi(name, input as CallOptions);

/**
 * A call refused with STEP_UP_REQUIRED (nothing changed on the provider) waits for the operator to confirm who they
 * are, then is sent again once; a second refusal is the caller's. stepUp itself is never asked about.
 */
async function sendConfirmed(name: EndpointName, input: unknown): Promise<unknown> {
  try {
    return await send(name, input);
  } catch (error) {
    const stepUp = isApiError(error) && error.code === 'STEP_UP_REQUIRED' && name !== 'stepUp';
    if (!stepUp || !hasStepUpConfirmer()) throw error;
    if (!(await confirmIdentity())) throw new StepUpCancelledError();
    return send(name, input);
  }
}

async function call<N extends EndpointName>(name: N, input?: ApiInput<N>): Promise<BrowserResponseOf<N>> {
  // A call made by the opening screen's first render lets that screen paint first (issue 27: /home's contract,
  // schemas and key exchange ran before its first paint and pushed it back by a third of a second).
  const opening = untilFirstPaint();
  if (opening) await opening;
  startAnswerChecks();
  const data = await sendConfirmed(name, input);
  const checked = await checkAnswerOf(name, data);
  if (!checked.ok) {
    console.warn(`fidis: a resposta de ${name} não segue o contrato.`, checked.issues);
    throw new ApiError(502, commonMessages.generic.unexpected, BAD_RESPONSE_CODE, data);
  }
  return checked.data as BrowserResponseOf<N>;
}

type Api = {
  // An endpoint whose input is all optional (no path, no required header or body) may be called with none.
  [N in EndpointName]: Partial<ApiInput<N>> extends ApiInput<N>
    ? (input?: ApiInput<N>) => Promise<BrowserResponseOf<N>>
    : (input: ApiInput<N>) => Promise<BrowserResponseOf<N>>;
};

export const api: Api = new Proxy({} as Api, {
  get: (_, name) => (input?: ApiInput<EndpointName>) => call(name as EndpointName, input),
});

export { ApiError, isApiError } from '../lib/transport/index.ts';
export { isStepUpCancelled, setStepUpConfirmer } from './step-up.ts';
