// CSV exports (issue 18.1, decision 084). exportTicket (JSON, through /proxy): validates the kind's filters, checks the
// operator reaches what they name, counts the rows and answers a sealed single-use ticket (which keeps the count). exportDownload (text/csv,
// called only by the BFF's download route): opens the ticket, reads the first batch (a refusal is still a 4xx with
// nothing streamed), writes the audit row, then streams the rows in keyset batches. The download is the contract's one
// endpoint that handle() does not answer: its request is still parsed by the contract's schemas.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contracts/contract.ts';
import { maskAddressField } from '../../contracts/masked-address.ts';
import { maskCpf } from '../../contracts/masked-cpf.ts';
import { messages } from '../../contracts/messages.ts';
import type { ProviderContext } from '../context.ts';
import { auditLog } from '../db/schema.ts';
import { fail } from '../errors.ts';
import { csvHead, csvLines } from '../exports/csv.ts';
import type { ExportCell, ExportKind } from '../exports/kind.ts';
import { exportKindOf } from '../exports/registry.ts';
import { openTicket, SpentTickets, sealTicket, ticketKey } from '../exports/ticket.ts';
import { handle } from '../http/handle.ts';
import { fastifyPath } from '../http/route.ts';
import { parseWith } from '../http/validate.ts';
import { profileInScope } from '../services/profiles.ts';

/** Set by the BFF's download route only: /proxy forwards the contract's headers, and this one is not among them. */
export const DOWNLOAD_CHANNEL_HEADER = 'x-fidis-download';

const col = messages.exports.columns;

/**
 * What a Consulta operator's file masks, by column header: the CPF (decision 090, 529.***.***-25) and the holder's
 * address (decision 093, the same masks as the answers: 01•••-••• for the CEP, ••• for street, number, complement
 * and district; city and state stay).
 */
const MASKED_COLUMNS: ReadonlyMap<string, (cell: string) => string> = new Map([
  [col.cpf, maskCpf],
  [col.zipCode, (v: string) => maskAddressField('zipCode', v)],
  [col.street, (v: string) => maskAddressField('address', v)],
  [col.addressNumber, (v: string) => maskAddressField('addressNumber', v)],
  [col.addressComplement, (v: string) => maskAddressField('addressComplement', v)],
  [col.district, (v: string) => maskAddressField('district', v)],
]);

/** A Consulta operator's file: every CPF and address column (MASKED_COLUMNS) is written masked. */
export function maskedBatch(kind: Pick<ExportKind, 'header'>, batch: readonly ExportCell[][]): readonly ExportCell[][] {
  const maskers = kind.header.map((h) => MASKED_COLUMNS.get(h));
  if (maskers.every((m) => m === undefined)) return batch;
  return batch.map((row) =>
    row.map((cell, i) => {
      const mask = maskers[i];
      return mask && typeof cell === 'string' ? mask(cell) : cell;
    }),
  );
}

function kindOf(name: string): ExportKind {
  return exportKindOf(name) ?? fail('EXPORT_KIND_UNKNOWN');
}

export async function exportRoutes(app: FastifyInstance, ctx: ProviderContext) {
  const key = ticketKey(ctx.codeKey);
  const spent = new SpentTickets();

  handle(app, 'exportTicket', async ({ body, principal }) => {
    const kind = kindOf(body.kind);
    const filters = parseWith(kind.filters, body.filters);
    const scope = kind.scope ? await kind.scope(ctx.db, principal, filters) : { companyId: null, rows: null };
    const sealed = await sealTicket(
      key,
      {
        kind: kind.name,
        filters: body.filters,
        userId: principal.userId,
        sessionId: principal.sessionId,
        companyId: scope.companyId,
        rows: scope.rows,
        // The kind's scope went through the company's chokepoint, which recorded the operator's profile there.
        masked: profileInScope() === 'CONSULTA',
      },
      ctx.clock(),
    );
    return {
      ticket: sealed.ticket,
      rows: scope.rows ?? 0,
      fileName: `${kind.fileName(filters)}.csv`,
      expiresAt: sealed.expiresAt.toISOString(),
    };
  });

  const download = contract.exportDownload;
  app.route({
    method: download.method,
    url: fastifyPath(download.path),
    config: { endpoint: 'exportDownload', public: false, allowTemporaryPassword: false },
    handler: async (request, reply) => {
      if (request.headers[DOWNLOAD_CHANNEL_HEADER] !== '1') fail('EXPORT_DOWNLOAD_ONLY');
      const headers = parseWith(download.headers, request.headers);
      const principal = request.principal;
      if (!principal) fail('UNAUTHENTICATED');
      const now = ctx.clock();
      const claims = await openTicket(key, headers.exportticket, now);
      if (!claims || claims.userId !== principal.userId || claims.sessionId !== principal.sessionId) {
        fail('EXPORT_TICKET_INVALID');
      }
      const kind = kindOf(claims.kind);
      const filters = parseWith(kind.filters, claims.filters);
      if (!spent.spend(claims.jti, claims.exp, Math.floor(now.getTime() / 1000))) fail('EXPORT_TICKET_USED');

      // The count and company the ticket was issued with: rows() checks the operator's reach again, not scope().
      const scope = { companyId: claims.companyId, rows: claims.rows };
      const batches = kind.rows(ctx.db, principal, filters)[Symbol.asyncIterator]();
      // The first batch before any byte: a refusal (another company, a card gone) is still a 4xx.
      const first = await batches.next();
      await ctx.db.insert(auditLog).values({
        actorUserId: principal.userId,
        actorLogin: principal.login,
        actorName: principal.name,
        at: now,
        action: 'export.csv',
        target: kind.name,
        companyId: scope.companyId,
        address: request.ip.slice(0, 45),
        after: { kind: kind.name, filters: claims.filters, rows: scope.rows },
      });
      request.log.info({ export: kind.name, rows: scope.rows, companyId: scope.companyId }, 'csv export');

      const lines = (batch: readonly ExportCell[][]) => csvLines(claims.masked ? maskedBatch(kind, batch) : batch);
      async function* body(): AsyncGenerator<string> {
        yield csvHead(kind.header);
        if (first.done) return;
        yield lines(first.value as readonly ExportCell[][]);
        for (;;) {
          const next = await batches.next();
          if (next.done) return;
          yield lines(next.value as readonly ExportCell[][]);
        }
      }
      const fileName = `${kind.fileName(filters)}.csv`;
      return reply
        .code(200)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('x-export-rows', String(scope.rows ?? ''))
        .send(Readable.from(body(), { objectMode: false }));
    },
  });
}
