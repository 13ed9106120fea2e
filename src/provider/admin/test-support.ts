// Runs the operator commands in-process against a test database, collecting what they print.
import { TEST_MASTER_KEY } from '../../platform/config.ts';
import type { DatabaseHandle } from '../../platform/database.ts';
import type { CommandOptions } from './command.ts';

export function commandRunner(handle: DatabaseHandle) {
  const output: string[] = [];
  const opts = (env: Record<string, string>): CommandOptions => ({
    // testConfig's master key: the test's own database writes its audit chain with it (decision 125).
    env: { LOG_LEVEL: 'silent', FIDIS_MASTER_KEY: TEST_MASTER_KEY, ...env },
    io: { out: (l) => output.push(l), err: (l) => output.push(l) },
    open: async () => handle,
  });
  return { output, opts, printed: () => output.join('\n') };
}
