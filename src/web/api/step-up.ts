// Step-up (decision 091): a sensitive call answered STEP_UP_REQUIRED asks the operator to confirm who they are
// (the code, or the password without a factor), then is sent again once. The typed client (index.ts) does it for
// every call, so no screen needs to know; the app registers the dialog that asks (setStepUpConfirmer).

import { secondFactorMessages } from '../../contracts/second-factor-messages.ts';
import { ApiError } from '../lib/transport/api-error.ts';

/** Resolves true once the operator confirmed (stepUp answered 204), false when they gave up. */
export type StepUpConfirmer = () => Promise<boolean>;

let confirmer: StepUpConfirmer | null = null;
let asking: Promise<boolean> | null = null;

/** The app's dialog; null removes it (a call then fails with STEP_UP_REQUIRED as the provider answered it). */
export function setStepUpConfirmer(next: StepUpConfirmer | null): void {
  confirmer = next;
}

/**
 * Asks once for every call waiting at the same moment: two refused calls (a screen that saves twice) open one
 * dialog, and both are sent again after one confirmation.
 */
export function confirmIdentity(): Promise<boolean> {
  if (!confirmer) return Promise.resolve(false);
  asking ??= confirmer().finally(() => {
    asking = null;
  });
  return asking;
}

export const hasStepUpConfirmer = (): boolean => confirmer !== null;

/**
 * The refusal a call ends with when the operator cancelled the dialog: nothing was changed. The notifications skip
 * it, and a screen that shows the reason shows this calm one rather than a failure.
 */
export class StepUpCancelledError extends ApiError {
  constructor() {
    super(403, secondFactorMessages.ui.stepUpCancelled, 'STEP_UP_REQUIRED');
    this.name = 'StepUpCancelledError';
  }
}

export const isStepUpCancelled = (error: unknown): error is StepUpCancelledError =>
  error instanceof StepUpCancelledError;
