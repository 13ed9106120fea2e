// The failure on screen (issue 27): an error from the network or the server stays where the operator works, with
// "Tentar novamente" when the failed call can be asked again, instead of a flash that is gone in 4 seconds. One at
// a time: the latest failure replaces the one before. A host (the signed-in frame) shows it; where no host is
// mounted (the sign-in screens, which say their failures inline) notify() falls back to a notification that stays.
import { useSyncExternalStore } from 'react';

export interface Failure {
  id: number;
  message: string;
  /** Asks the failed call again; absent when there is nothing to repeat. */
  retry?: () => unknown;
  /** What failed (a query's hash): its later success clears the failure. */
  source?: string;
}

let current: Failure | null = null;
let nextId = 1;
let hosts = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export const hasFailureHost = () => hosts > 0;

/** Called by the host while it is mounted; returns its unmount. */
export function registerFailureHost(): () => void {
  hosts += 1;
  return () => {
    hosts -= 1;
  };
}

export function reportFailure(message: string, options: { retry?: () => unknown; source?: string } = {}): void {
  current = { id: nextId++, message, ...options };
  emit();
}

/** Clears the failure on screen, or only the one of `source` when given. */
export function clearFailure(source?: string): void {
  if (!current || (source !== undefined && current.source !== source)) return;
  current = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useFailure = () => useSyncExternalStore(subscribe, () => current);
