// The audit trail as a file (decision 089): the screen's filters, every page, newest first, one line per record
// with its changes in one cell. Registered as kind `audit` in exports/registry.ts; its filters are
// auditExportFilters (contracts/audit.ts). Unlike the screen, the period may reach past 12 months: older rows are
// kept and exportable.
import { type AuditEvent, actionLabel, changeText, targetText } from '../../contracts/audit.ts';
import { exportFilters } from '../../contracts/exports.ts';
import { messages } from '../../contracts/messages.ts';
import type { CompanyScope } from '../http/scope/types.ts';
import { auditPage, auditPeriod } from '../services/audit-trail.ts';
import type { ExportCell, ExportKind } from './kind.ts';

const m = messages.audit;
const c = m.csvColumns;
/** Rows per keyset batch: each is one indexed page query. */
export const AUDIT_EXPORT_BATCH = 1_000;

export const auditRowOf = (e: AuditEvent): ExportCell[] => [
  { dateTime: new Date(e.at) },
  e.actorLogin ?? m.nobody,
  e.actorName ?? '',
  e.address ?? '',
  actionLabel(e.action),
  targetText(e.target),
  e.changes.map(changeText).join('; '),
];

export const auditExportKind: ExportKind<typeof exportFilters.audit, CompanyScope> = {
  name: 'audit',
  filters: exportFilters.audit,
  fileName: (f) => `${m.fileName}-${f.cnpj}`,
  header: [c.when, c.login, c.name, c.address, c.action, c.target, c.changes],

  // The period is judged before a ticket is issued; the trail's rows are not counted ahead.
  async count(_db, _scope, f) {
    auditPeriod(new Date(), f.from, f.to, false);
    return null;
  },

  async *rows(db, { company }, f) {
    const companyId = company.id;
    // One period for the whole file, read once.
    const period = auditPeriod(new Date(), f.from, f.to, false);
    let cursor: string | undefined;
    for (;;) {
      const page = await auditPage(db, companyId, period, { ...f, cursor, limit: AUDIT_EXPORT_BATCH });
      if (page.events.length > 0) yield page.events.map(auditRowOf);
      if (!page.next) return;
      cursor = page.next;
    }
  },
};
