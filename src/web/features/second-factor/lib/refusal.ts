import { messages } from '../../../../contracts/messages.ts';
import { isApiError } from '../../../lib/transport/index.ts';

/**
 * The reason a factor call failed, to show beside the field: the provider's own text for a refusal (a wrong code
 * says "Código inválido…"), a "try again shortly" for a service that did not answer. Null for a 401: the session
 * ended, the app already said so and went to the login.
 */
export function refusalOf(error: unknown): string | null {
  if (!isApiError(error)) return messages.secondFactor.ui.actionFailed;
  if (error.status === 401) return null;
  if (error.status === 0 || error.status >= 500) return messages.login.unavailable;
  return error.message || messages.secondFactor.ui.actionFailed;
}

/** A refusal about the code itself: the wrong code is cleared so the next one is typed on a clean field. */
export const isWrongCode = (error: unknown) =>
  isApiError(error) && (error.code === 'SECOND_FACTOR_INVALID' || error.code === 'STEP_UP_FAILED');
