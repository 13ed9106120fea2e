// `npm run audit:verify`: recomputes the audit trail's hash chains and names the first broken row of each; exits 1
// when any chain is broken, so a scheduler or a CI job can alert on it.
import { messages } from '../../contracts/messages.ts';
import { verifyAuditChain } from '../audit/chain.ts';
import { AdminError } from './admin-error.ts';
import { type CommandOptions, runCommand } from './command.ts';

const m = messages.admin;
const chainName = (companyId: number | null) => (companyId === null ? m.auditNoCompany : `da empresa ${companyId}`);

export async function auditVerifyCommand(argv: string[], opts: CommandOptions): Promise<number> {
  if (argv.length > 0) {
    opts.io.err(`${m.badArguments} ${argv.join(' ')}\n${m.auditUsage}`);
    return 2;
  }
  return runCommand(opts, async ({ db, io }) => {
    const report = await verifyAuditChain(db);
    if (report.broken.length > 0) {
      throw new AdminError(
        report.broken.map((b) => m.auditBroken(b.id, chainName(b.companyId), b.chainSeq, m.auditReasons[b.reason])),
      );
    }
    io.out(m.auditIntact(report.rows, report.heads.length));
    for (const head of report.heads) io.out(m.auditHead(chainName(head.companyId), head.chainSeq, head.hash));
  });
}
