// Where the signed-in storage states live: one file per worker slot (Playwright's parallelIndex), written by the
// 'sign-in' setup project and read by every signed-in test of that slot, in the E2E run's own data folder.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { E2E } from './env.ts';

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const folder = join(`${E2E.dataDir}-states`);
const fileOf = (slot: number) => join(folder, `${E2E.login}-${slot}.json`);

export function saveSignedInState(slot: number, state: StorageState): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(fileOf(slot), JSON.stringify(state));
}

/** The slot's state and when it was made, or undefined when the setup project has not made one (--no-deps). */
export function signedInState(slot: number): { state: StorageState; madeAt: number } | undefined {
  try {
    const file = fileOf(slot);
    return { state: JSON.parse(readFileSync(file, 'utf8')) as StorageState, madeAt: statSync(file).mtimeMs };
  } catch {
    return undefined;
  }
}
