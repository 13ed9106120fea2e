// The audit chain's keys of testConfig's master key: what a test's own database writes and checks the chain with.
import { TEST_MASTER_KEY } from '../../platform/config.ts';
import { MasterKey } from '../../platform/master-key.ts';
import { type AuditKeys, auditKeys } from './keys.ts';

let keys: AuditKeys | undefined;

export function testAuditKeys(): AuditKeys {
  keys ??= auditKeys(MasterKey.fromBase64(TEST_MASTER_KEY));
  return keys;
}
