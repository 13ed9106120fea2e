// The export kinds by name: the ticket route finds a kind here, and so does the download.
import { auditExportKind } from './audit.ts';
import { authorizationsKind, transactionsKind } from './card-history.ts';
import { holdersKind } from './holders.ts';
import { invoiceHoldersKind } from './invoice-holders.ts';
import type { ExportKind } from './kind.ts';
import { radarExportKind } from './radar.ts';
import { spendExportKind } from './spend.ts';

const kinds = new Map<string, ExportKind>();

/** Adds a kind (another feature's list registers its own); a name is registered once. */
export function registerExportKind(kind: ExportKind): void {
  if (kinds.has(kind.name)) throw new Error(`export kind ${kind.name} registered twice`);
  kinds.set(kind.name, kind);
}

export const exportKindOf = (name: string): ExportKind | undefined => kinds.get(name);

for (const kind of [holdersKind, authorizationsKind, transactionsKind, invoiceHoldersKind, radarExportKind]) {
  registerExportKind(kind as unknown as ExportKind);
}
registerExportKind(auditExportKind as unknown as ExportKind); // Audit trail (issue 16).
registerExportKind(spendExportKind as unknown as ExportKind); // Company spend (issue 27).
