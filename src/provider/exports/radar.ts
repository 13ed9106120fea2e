// A radar list as a file (decision 083): the list on screen, its filter included, in its own order, in keyset
// batches. Registered as kind `radar` in exports/registry.ts; its filters are radarExportFilters (contracts/radar.ts).
import { formatCpf } from '@brazilian-utils/brazilian-utils';
import { messages } from '../../contracts/messages.ts';
import { type RadarCard, radarExportFilters } from '../../contracts/radar.ts';
import type { CompanyScope } from '../http/scope/types.ts';
import { radarListCount, radarMoment, radarPage } from '../services/radar.ts';
import type { ExportCell, ExportKind } from './kind.ts';

const m = messages.radar.export;
/** Rows per keyset batch: each is one indexed page query. */
export const RADAR_EXPORT_BATCH = 2_000;

const noCode = (code: string | null) => code === null || code.trim() === '' || code.trim() === '0';

/** Ativo only when the card is active and no blocking or warning code is set (the cards list's status rule). */
const statusOf = (r: RadarCard) =>
  r.cardStatus === 'active' && [r.cardBlockingCode, r.accountBlockingCodeTwo, r.accountWarningCode].every(noCode)
    ? m.active
    : m.inactive;

const day = (iso: string | null): ExportCell => (iso === null ? null : { date: iso });

export const rowOf = (r: RadarCard): ExportCell[] => [
  r.cardHolder,
  formatCpf(r.documentNumber),
  r.account,
  r.last4Digits2Way || r.last4Digits,
  statusOf(r),
  day(r.expiresOn),
  day(r.lastUseOn),
  day(r.requestedOn),
];

export const radarExportKind: ExportKind<typeof radarExportFilters, CompanyScope> = {
  name: 'radar',
  filters: radarExportFilters,
  fileName: (f) => `${m.fileName(f.category)}-${f.cnpj}${f.filter ? '-filtro' : ''}`,
  header: m.header,

  // The list's CPF filter matches what the operator sees: masked CPFs when the file masks them.
  count: (db, { company }, f, maskedCpf) =>
    radarListCount(db, company.id, radarMoment(new Date()), f.category, f.filter, maskedCpf),

  async *rows(db, { company }, f, maskedCpf) {
    const companyId = company.id;
    // One moment for the whole file, so a card does not move between lists while it streams.
    const moment = radarMoment(new Date());
    let after: string | undefined;
    for (;;) {
      const page = await radarPage(db, companyId, moment, {
        category: f.category,
        filter: f.filter,
        maskedCpf,
        after,
        size: RADAR_EXPORT_BATCH,
      });
      if (page.cards.length > 0) yield page.cards.map(rowOf);
      if (!page.next) return;
      after = page.next;
    }
  },
};
