// Step-up (decision 091): before a harmful call, an operator whose last proof of identity is older than the window
// proves it again — with a code of their factor, or with their password when they have none. Either spends a sign-in
// try when wrong; a right one vouches for the session from now. The window itself is judged where each call is
// served: the scope step of every call (http/handle.ts), from the policy each endpoint declares.
import { eq } from 'drizzle-orm';
import { portalUsers } from '../db/schema.ts';
import { fail } from '../errors.ts';
import { checkWithTry, type TryKind } from './factor-tries.ts';
import { verifyPassword } from './passwords.ts';
import { checkFactorCode, confirmedFactor, type FactorDeps, factorUser } from './second-factor.ts';
import { recordSecurityEvent } from './security-events.ts';
import { markChecked } from './sessions.ts';

const STEP_UP: TryKind = { code: 'STEP_UP_FAILED', event: 'step-up.failure' };

export type StepUpProof = { codigo: string } | { senha: string };

export interface StepUpDeps extends FactorDeps {
  /** Checks a password against the stored hash; replaceable so a test can count the checks. */
  verify?: (password: string, storedHash: string) => Promise<boolean>;
}

export async function stepUp(
  deps: StepUpDeps,
  session: { userId: string; sessionId: string },
  proof: StepUpProof,
  now: Date,
): Promise<void> {
  const user = await factorUser(deps.db, session.userId);
  const hasFactor = (await confirmedFactor(deps.db, user.id)) !== null;
  let method: string;
  if ('codigo' in proof && hasFactor) {
    method = await checkFactorCode(deps, user, proof.codigo, STEP_UP, now);
  } else if ('senha' in proof && !hasFactor) {
    const [row] = await deps.db
      .select({ passwordHash: portalUsers.passwordHash })
      .from(portalUsers)
      .where(eq(portalUsers.id, user.id));
    if (!row) fail('UNAUTHENTICATED');
    const verify = deps.verify ?? verifyPassword;
    await checkWithTry(deps, user, STEP_UP, now, () => verify(proof.senha, row.passwordHash), 'wrong-password');
    method = 'password';
  } else {
    // The proof this operator cannot give: a password where a factor is enrolled (it would let a password thief
    // through), or a code where none is. Refused and recorded without a try: nothing is checked, so nothing is
    // learnt, and a screen that sent the wrong kind does not bring the lockout closer.
    await recordSecurityEvent(deps.db, deps.log, {
      type: 'step-up.failure',
      actorUserId: user.id,
      target: user.login,
      at: now,
      address: deps.address,
      reason: hasFactor ? 'password-with-factor' : 'code-without-factor',
    });
    fail('STEP_UP_FAILED');
  }
  if (!(await markChecked(deps.db, session.sessionId, now))) fail('UNAUTHENTICATED');
  await recordSecurityEvent(deps.db, deps.log, {
    type: 'step-up.success',
    actorUserId: user.id,
    target: user.login,
    at: now,
    address: deps.address,
    after: { metodo: method },
  });
}
