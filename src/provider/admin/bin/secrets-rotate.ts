// `npm run secrets:rotate -- --new-key-file FILE` (or FIDIS_MASTER_KEY_NEXT): seals every stored secret again under
// a new master key (decision 073), and re-keys the provider's audit chain with it (decision 125). It lives with the
// provider's commands because of the chain; a BFF-only database has none, and only its secrets are re-sealed.
// Reads DATABASE_URL / DATA_DIR and FIDIS_MASTER_KEY like the servers do.
// Exit codes: 0 done, 1 refused (wrong current key, database unreachable), 2 bad arguments.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { configSchema } from '../../../platform/config.ts';
import { openDatabase } from '../../../platform/database.ts';
import { loadMasterKey, MASTER_KEY_BYTES, MasterKey } from '../../../platform/master-key.ts';
import { auditHeadsDir } from '../../audit/heads.ts';
import { rotateWithAuditChain } from '../../audit/rotation.ts';

function fail(code: number, message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'new-key-file': { type: 'string' } }, strict: true });
  const parsed = configSchema
    .pick({
      FIDIS_MODE: true,
      DATA_DIR: true,
      DATABASE_URL: true,
      FIDIS_MASTER_KEY: true,
      FIDIS_MASTER_KEY_NEXT: true,
      AUDIT_HEADS_DIR: true,
    })
    .safeParse(process.env);
  if (!parsed.success) {
    fail(2, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  }
  const env = parsed.data;
  const nextText = values['new-key-file'] ? readFileSync(values['new-key-file'], 'utf8') : env.FIDIS_MASTER_KEY_NEXT;
  if (!nextText) fail(2, 'informe a nova chave: --new-key-file ARQUIVO ou FIDIS_MASTER_KEY_NEXT');
  if (Buffer.from(nextText.trim(), 'base64').length !== MASTER_KEY_BYTES) {
    fail(2, `a nova chave deve ter ${MASTER_KEY_BYTES} bytes em base64 (openssl rand -base64 32)`);
  }
  const next = MasterKey.fromBase64(nextText);
  const current = loadMasterKey(env);
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    // The audit chain is keyed from the master key too (decision 125): re-keyed in the same transaction.
    const { secrets: count, chains } = await rotateWithAuditChain(db, current, next, auditHeadsDir(env), new Date());
    // The demo keeps its key in DATA_DIR/master.key: the file follows the database, or the next start fails.
    if (!env.FIDIS_MASTER_KEY) {
      writeFileSync(resolve(env.DATA_DIR, 'master.key'), `${nextText.trim()}\n`, { mode: 0o600 });
    }
    process.stdout.write(
      `${count} segredo(s) cifrado(s) com a nova chave mestra${chains === null ? '' : `; ${chains} cadeia(s) da trilha de auditoria refeita(s) e topo publicado`}. ` +
        'Reinicie todas as instâncias com ela em FIDIS_MASTER_KEY.\n',
    );
  } catch (err) {
    fail(1, `rotação recusada, nada foi alterado: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => fail(1, `rotação recusada: ${err instanceof Error ? err.message : String(err)}`));
