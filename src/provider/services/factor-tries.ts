// A code (or the password at step-up) typed by a signed-in operator spends the sign-in's tries (decisions 060 and
// 091): a stolen password or session must not buy unlimited guesses at six digits. The try is taken before the check,
// as for the password, so concurrent guesses get at most the tries left; the tenth wrong one locks the login, ends
// the user's sessions and e-mails the lock.
import type { Db } from '../db/client.ts';
import { fail } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { recordSecurityEvent, type SecurityLog } from './security-events.ts';
import { revokeUserSessions } from './sessions.ts';
import { announceLock, clearTries, lockIfSpent, takeTry } from './sign-in.ts';

export interface TryDeps {
  db: Db;
  mailer: Mailer;
  log: SecurityLog & { warn(obj: object, msg: string): void };
  address: string | null;
}

export interface TriedUser {
  id: string;
  login: string;
  name: string;
  email: string;
}

/** Which refusal a wrong answer gets, and which security event records it. */
export interface TryKind {
  code: 'SECOND_FACTOR_INVALID' | 'STEP_UP_FAILED';
  event: 'second-factor.failure' | 'step-up.failure';
}

/**
 * Runs `check` with one of the user's tries. A wrong answer (or no try left) is recorded with `reason` and refused
 * with the kind's code; a right one restarts the count. `check` may write (a spent code): it runs once, after the
 * try is taken.
 */
export async function checkWithTry(
  deps: TryDeps,
  user: TriedUser,
  kind: TryKind,
  now: Date,
  check: () => Promise<boolean>,
  wrongReason = 'wrong-code',
): Promise<void> {
  const record = (reason: string) =>
    recordSecurityEvent(deps.db, deps.log, {
      type: kind.event,
      actorUserId: user.id,
      target: user.login,
      at: now,
      address: deps.address,
      reason,
    });
  // Locked: nothing is checked, and the answer is the wrong code's (the lock was told by e-mail).
  if (!(await takeTry(deps.db, user.id, now))) {
    await record('locked');
    fail(kind.code);
  }
  if (!(await check())) {
    const locked = await lockIfSpent(deps.db, user.id, now);
    await record(wrongReason);
    if (locked) {
      // The sessions end with the lock: a session thief guessing codes is left with nothing to guess from.
      await revokeUserSessions(deps.db, user.id, now);
      await announceLock(deps, user, now);
    }
    fail(kind.code);
  }
  if (!(await clearTries(deps.db, user.id, now))) {
    await record('locked');
    fail(kind.code);
  }
}
