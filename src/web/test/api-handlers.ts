// Screens tested against the real contract, with the transport's callApi answered per endpoint by the test: a call
// the test did not expect fails it, unless the test says what such a call gets.
import type { MockedFunction } from 'vitest';
import type { EndpointName } from '../../contracts/index.ts';
import { ApiError, type CallOptions, type callApi } from '../lib/transport/index.ts';

export type Handler = (options: CallOptions) => unknown;
export type Handlers = Partial<Record<EndpointName, Handler>>;

/** Answers each call with the handler `handlers()` names for its endpoint (read at call time, so a test may swap it). */
export function answerCalls(
  api: MockedFunction<typeof callApi>,
  handlers: () => Handlers,
  unhandled: (name: EndpointName) => unknown = (name) => {
    throw new Error(`unexpected call ${name}`);
  },
) {
  api.mockImplementation((async (name: EndpointName, options: CallOptions = {}) => {
    const handler = handlers()[name];
    return handler ? handler(options) : unhandled(name);
  }) as never);
}

/**
 * `name` fails once as an unavailable server would (503), then answers `answer()`; every other call answers {}. For
 * the screens' "Tentar novamente": the function returned says how many times `name` was called.
 */
export function failsOnceThen(
  api: MockedFunction<typeof callApi>,
  name: EndpointName,
  answer: () => unknown,
): () => number {
  let calls = 0;
  api.mockImplementation((async (called: EndpointName) => {
    if (called !== name) return {};
    calls++;
    if (calls === 1) throw new ApiError(503, 'fora do ar', 'UNEXPECTED');
    return answer();
  }) as never);
  return () => calls;
}

/** The ten recovery codes a confirmation answers, in the provider's format (decision 091). */
export const RECOVERY_CODES = [
  'ABCDE-FGHJK',
  'LMNPQ-RSTUV',
  'WXYZ2-34567',
  '89ABC-DEFGH',
  'JKLMN-PQRST',
  'UVWXY-Z2345',
  '6789A-BCDEF',
  'GHJKL-MNPQR',
  'STUVW-XYZ23',
  '45678-9ABCD',
];
