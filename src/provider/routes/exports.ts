// CSV exports (issue 18.1, decision 084). exportTicket (JSON, through /proxy): the scope step judges the company or card
// the kind's filters name by the kind's policy; the handler counts the rows and answers a sealed single-use ticket
// (which keeps the count). exportDownload (text/csv, called only by the BFF's download route): opens the ticket, judges
// the same policy again, reads the first batch (a refusal is still a 4xx with nothing streamed), writes the audit row,
// then streams the rows in keyset batches. The download is the contract's one endpoint that handle() does not answer:
// it streams; its request is still parsed by the contract's schemas and judged by the same scope step.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contracts/contract.ts';
import { EXPORT_POLICIES, type ExportKindName } from '../../contracts/exports.ts';
import { maskAddressField } from '../../contracts/masked-address.ts';
import { maskCpf } from '../../contracts/masked-cpf.ts';
import { messages } from '../../contracts/messages.ts';
import type { Policy } from '../../contracts/policy.ts';
import { appendAudit } from '../audit/append.ts';
import type { ProviderContext } from '../context.ts';
import { fail } from '../errors.ts';
import { csvHead, csvLines } from '../exports/csv.ts';
import type { ExportCell, ExportKind } from '../exports/kind.ts';
import { exportKindOf } from '../exports/registry.ts';
import { openTicket, SpentTickets, sealTicket, ticketKey } from '../exports/ticket.ts';
import { handle, routeConfigOf } from '../http/handle.ts';
import { judgeCall, masksPersonalData } from '../http/judge.ts';
import { fastifyPath } from '../http/route.ts';
import type { CardScope, CompanyScope } from '../http/scope/types.ts';
import { parseWith } from '../http/validate.ts';

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

/** The kind's policy: who may export it, and whether its file masks personal data (contracts/exports.ts). */
const policyOf = (kind: ExportKind): Policy => EXPORT_POLICIES[kind.name as ExportKindName];

export async function exportRoutes(app: FastifyInstance, ctx: ProviderContext) {
  const key = ticketKey(ctx.codeKey);
  const spent = new SpentTickets();

  handle(app, 'exportTicket', async ({ body, scope }) => {
    const kind = kindOf(body.kind);
    const filters = parseWith(kind.filters, body.filters);
    const masked = masksPersonalData(policyOf(kind), scope);
    const rows = await kind.count(ctx.db, scope, filters, masked);
    const sealed = await sealTicket(
      key,
      {
        kind: kind.name,
        filters: body.filters,
        userId: scope.principal.userId,
        sessionId: scope.principal.sessionId,
        companyId: scope.company.id,
        rows,
        masked,
      },
      ctx.clock(),
    );
    return {
      ticket: sealed.ticket,
      rows: rows ?? 0,
      fileName: `${kind.fileName(filters)}.csv`,
      expiresAt: sealed.expiresAt.toISOString(),
    };
  });

  const download = contract.exportDownload;
  app.route({
    method: download.method,
    url: fastifyPath(download.path),
    config: routeConfigOf('exportDownload'),
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

      // The operator's reach is judged again by the kind's policy (a card gone, a profile changed since the ticket).
      const { scope } = await judgeCall(ctx.db, download.policy, request, {
        params: {},
        headers: {},
        query: {},
        body: { kind: claims.kind, filters: claims.filters },
      });
      const found = scope as CompanyScope | CardScope;
      const masked = claims.masked === true || masksPersonalData(policyOf(kind), found);
      const batches = kind.rows(ctx.db, found, filters, masked)[Symbol.asyncIterator]();
      // The first batch before any byte: a refusal is still a 4xx.
      const first = await batches.next();
      await appendAudit(ctx.db, {
        actorUserId: principal.userId,
        actorLogin: principal.login,
        actorName: principal.name,
        at: now,
        action: 'export.csv',
        target: kind.name,
        companyId: found.company.id,
        address: request.ip.slice(0, 45),
        after: { kind: kind.name, filters: claims.filters, rows: claims.rows },
      });
      request.log.info({ export: kind.name, rows: claims.rows, companyId: found.company.id }, 'csv export');

      const lines = (batch: readonly ExportCell[][]) => csvLines(masked ? maskedBatch(kind, batch) : batch);
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
        .header('x-export-rows', String(claims.rows ?? ''))
        .send(Readable.from(body(), { objectMode: false }));
    },
  });
}
