// Company A's committed limit is the sum of the limits of its cards that are not cancelled, and limits.spec.ts
// reads it before and after a change of its own and expects it to move by exactly that change. Another worker
// requesting a card, changing a limit or cancelling an account of company A in between moves it too, so those
// steps and that measure take turns: each holds this lock, across the workers of one run (decision 078).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E } from './env.ts';

/** One folder per run's port; start-product.ts empties it, so a lock left by a killed run does not outlive it. */
export const LOCK_DIR = `.e2e-data/locks-${E2E.port}`;
const LOCK = join(LOCK_DIR, 'company-a-limit');
const WAIT_MS = 120_000;

function holderIsGone(): boolean {
  try {
    const pid = Number(readFileSync(join(LOCK, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // No pid yet (the holder is between mkdir and write) is a live holder; a dead process is not.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function acquire(): Promise<void> {
  mkdirSync(LOCK_DIR, { recursive: true });
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, 'pid'), String(process.pid));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (holderIsGone()) rmSync(LOCK, { recursive: true, force: true });
    else if (Date.now() > deadline) throw new Error(`company A's limit lock still held after ${WAIT_MS} ms`);
    else await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs `step`, which changes or measures company A's committed limit, while no other worker does. */
export async function withCompanyLimit<T>(step: () => Promise<T>): Promise<T> {
  await acquire();
  try {
    return await step();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
