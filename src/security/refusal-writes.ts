// Writes a refusal may make on purpose, shared by the suites that check "a refused call writes nothing": a refused
// sign-in is a security event with its audit row (decision 075), a wrong password also takes one of the login's
// tries, and the try that locks it e-mails the user (in the demo the e-mail lands in the outbox table); a wrong
// recovery code spends one of its five tries. Recovery step 1 for an unknown login runs the writes of a known one
// and rolls them back (decision 063), so it leaves nothing. A wrong current password in a password change spends a
// sign-in try like a wrong password at sign-in, with the same lock, row and e-mail at the tenth (decision 074); so do
// the second factor's codes and the step-up's proofs (decision 091). An audit row comes with its link in audit_chain
// (decision 125).
import type { EndpointName } from '../contracts/index.ts';

export const REFUSAL_WRITES: Partial<Record<EndpointName, readonly string[]>> = {
  login: ['portal_users', 'audit_log', 'audit_chain', 'outbox'],
  recoverPassword: ['recovery_codes'],
  changePassword: ['portal_users', 'audit_log', 'audit_chain', 'outbox'],
  // Second factor (decision 091): a wrong code, or a wrong proof at step-up, spends a sign-in try with its audit row;
  // the tenth locks the login, e-mails it and ends the user's sessions.
  secondFactorConfirm: ['portal_users', 'audit_log', 'audit_chain', 'outbox', 'user_sessions'],
  secondFactorVerify: ['portal_users', 'audit_log', 'audit_chain', 'outbox', 'user_sessions'],
  stepUp: ['portal_users', 'audit_log', 'audit_chain', 'outbox', 'user_sessions'],
};
