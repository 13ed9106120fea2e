// `npm run audit:verify [-- --publish]` (decision 125): checks every audit chain in Node from the master key — each
// link's MAC, the sequence, every row linked — against the heads last published outside the database, and names the
// first break of each broken chain; exits 1 on any, so a scheduler or a CI job can alert on it. `--publish` then
// publishes the heads it just checked (the on-demand publication; the provider also publishes on a schedule).
import { join } from 'node:path';
import { messages } from '../../contracts/messages.ts';
import type { BrokenLink } from '../audit/chain.ts';
import { verifyAuditChain } from '../audit/chain.ts';
import { anchorsOf, auditHeadsDir, LATEST_HEADS, readPublished } from '../audit/heads.ts';
import { publishHeads } from '../audit/publish.ts';
import { AdminError } from './admin-error.ts';
import { type CommandOptions, runCommand } from './command.ts';

const m = messages.admin.audit;

function brokenLine(b: BrokenLink): string {
  const seq = b.seq ?? 0;
  const row = b.row ?? '';
  switch (b.reason) {
    case 'unlinked':
      return m.broken.unlinked(b.chain, row);
    case 'truncated':
      return m.broken.truncated(b.chain, seq, b.publishedSeq ?? 0);
    case 'rechained':
      return m.broken.rechained(b.chain, b.publishedSeq ?? seq);
    default:
      return m.broken[b.reason](b.chain, seq, row);
  }
}

export async function auditVerifyCommand(argv: string[], opts: CommandOptions): Promise<number> {
  const publish = argv.length === 1 && argv[0] === '--publish';
  if (argv.length > 0 && !publish) {
    opts.io.err(`${messages.admin.badArguments} ${argv.join(' ')}\n${m.usage}`);
    return 2;
  }
  return runCommand(opts, async ({ config, db, keys, io }) => {
    const dir = auditHeadsDir(config);
    const last = await readPublished(dir, keys);
    if (last.state === 'invalid') throw new AdminError([m.invalidHeads(join(dir, LATEST_HEADS))]);
    const report = await verifyAuditChain(db, keys, last.state === 'ok' ? anchorsOf(last.file) : undefined);
    if (report.broken.length > 0) throw new AdminError(report.broken.map(brokenLine));
    // Without a published head a cut chain end would pass: only the publication it asks for may go on.
    if (last.state === 'none' && report.heads.length > 0 && !publish) throw new AdminError([m.noHeads(dir)]);
    io.out(m.intact(report.rows, report.heads.length));
    if (last.state === 'ok') io.out(m.checkedAgainst(last.file.publishedAt));
    for (const head of report.heads) io.out(m.head(head.chain, head.seq, head.mac));
    if (publish) {
      const file = await publishHeads(db, keys, dir, new Date(), { verified: report.heads });
      io.out(m.published(join(dir, LATEST_HEADS), file.heads.length));
    }
  });
}
