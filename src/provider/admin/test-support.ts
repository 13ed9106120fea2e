// Runs the operator commands in-process against a test database, collecting what they print.
import type { DatabaseHandle } from '../../platform/database.ts';
import type { CommandOptions } from './command.ts';

export function commandRunner(handle: DatabaseHandle) {
  const output: string[] = [];
  const opts = (env: Record<string, string>): CommandOptions => ({
    env: { LOG_LEVEL: 'silent', ...env },
    io: { out: (l) => output.push(l), err: (l) => output.push(l) },
    open: async () => handle,
  });
  return { output, opts, printed: () => output.join('\n') };
}
