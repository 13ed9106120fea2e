// The dry run: every row goes through the same service the apply uses, inside one transaction that is always rolled
// back, each row in its own savepoint. So a row is judged by every rule of its screen, and by the rows above it in
// the same call (two raises that together pass the relationship's limit), and nothing is ever written.
import type { BulkBody, BulkPreviewRow } from '../../../contracts/bulk.ts';
import { messages } from '../../../contracts/messages.ts';
import type { Db } from '../../db/client.ts';
import type { CompanyScope } from '../../http/scope/types.ts';
import type { ChangeAt } from '../card-controls.ts';
import { judge } from './prepare.ts';
import { refusalOf, runRow } from './run-row.ts';

class DryRunOver extends Error {}

interface Log {
  error(obj: object, msg: string): void;
}

export async function previewBulk(
  db: Db,
  scope: CompanyScope,
  body: BulkBody,
  at: Date,
  log: Log,
): Promise<BulkPreviewRow[]> {
  const judged = await judge(db, scope, body);
  const actor: ChangeAt = { at };
  const reasons = new Map<number, string>();
  // Read inside the dry run's transaction, before the row's change, after the rows above it in the file.
  const currents = new Map<number, number>();
  const controls = new Map<number, NonNullable<BulkPreviewRow['controls']>>();
  try {
    await db.transaction(async (tx) => {
      for (const j of judged) {
        if (j.result !== 'OK' || !j.row || !j.key) continue;
        const { row, key } = j;
        try {
          const done = await tx.transaction((sp) => runRow(sp, scope, actor, row, key, { dryRun: true }));
          if (done.current !== undefined) currents.set(j.line, done.current);
          if (done.controls) controls.set(j.line, done.controls);
        } catch (error) {
          const reason = refusalOf(error);
          if (reason === null) log.error({ err: error, line: j.line }, 'bulk preview row failed');
          reasons.set(j.line, reason ?? messages.bulk.reasons.unexpected);
        }
      }
      throw new DryRunOver();
    });
  } catch (error) {
    if (!(error instanceof DryRunOver)) throw error;
  }
  return judged.map(({ line, key, result, reason }) => {
    const refused = reasons.get(line);
    if (refused) return { line, key, result: 'ERRO', reason: refused };
    const current = currents.get(line);
    const seen = controls.get(line);
    return {
      line,
      key,
      result,
      reason,
      ...(current === undefined ? {} : { current }),
      ...(seen === undefined ? {} : { controls: seen }),
    };
  });
}
