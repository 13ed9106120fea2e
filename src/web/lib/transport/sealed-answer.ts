// What an answer to a sealed call may be (decision 130, docs/transport.md): sealed for this very call, opened here;
// or, in the clear, a bodyless 204 or a refusal the BFF makes before it knows the device. Anything else — a success
// in the clear, a payload that does not open under this call's key and request id — was not made by the BFF for this
// call, and is refused rather than passed on.

import { commonMessages } from '../../../contracts/common-messages.ts';
import { errors, type ServerErrorCode } from '../../../contracts/errors.ts';
import { platformMessages } from '../../../contracts/platform-messages.ts';
import { openJson } from '../../../crypto/index.ts';
import { ApiError, UNSEALED_ANSWER_CODE } from './api-error.ts';
import { sealedPayload } from './wire.ts';

const refused = () => new ApiError(502, platformMessages.proxy.unsealed, UNSEALED_ANSWER_CODE);

const isServerErrorCode = (code: unknown): code is ServerErrorCode =>
  typeof code === 'string' && Object.hasOwn(errors, code);

/**
 * The answer's JSON as the screens may read it; throws ApiError UNSEALED_ANSWER otherwise. `keyOf` is asked only for
 * a sealed answer (a download's refusal in the clear needs no session).
 */
export async function sealedAnswer(
  keyOf: () => Promise<CryptoKey>,
  status: number,
  raw: unknown,
  requestId: string,
): Promise<unknown> {
  const payload = sealedPayload(raw);
  if (payload) {
    const key = await keyOf();
    try {
      return await openJson(key, payload, requestId);
    } catch {
      throw refused();
    }
  }
  // The endpoint's contract says whether it expected an empty answer (web/api checks it).
  if ((status === 204 || status === 205) && raw === null) return null;
  const code = raw && typeof raw === 'object' ? (raw as { code?: unknown }).code : undefined;
  if (status >= 400 && isServerErrorCode(code)) {
    // Believed for its code only: the words shown are the contract's, never the wire's.
    const known = errors[code].message;
    return { code, message: typeof known === 'string' ? known : commonMessages.generic.unexpected };
  }
  throw refused();
}
