// The rows of a company import, read from CSV or JSON and checked with zod before anything is written: one bad
// row refuses the whole file, with every bad row's number and reason.
import { extname } from 'node:path';
import { isValidCnpj } from '@brazilian-utils/brazilian-utils';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { isLineText } from '../../contracts/free-text.ts';
import { messages } from '../../contracts/messages.ts';
import { AdminError } from './admin-error.ts';

/** A limit in reais: 1500000.00 or the Brazilian 1.500.000,00; at most what numeric(15, 2) holds. */
const limit = z
  .union([z.number(), z.string()])
  .transform((v) =>
    typeof v === 'number'
      ? v.toFixed(2)
      : v.trim().includes(',')
        ? v.trim().replace(/\./g, '').replace(',', '.')
        : v.trim(),
  )
  .refine((v) => /^\d{1,13}(\.\d{1,2})?$/.test(v), 'limite do relacionamento inválido (ex.: 150000.00 ou 150.000,00)')
  .transform((v) => Number(v).toFixed(2));

export const companyRow = z.object({
  cnpj: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).replace(/\D/g, '').padStart(14, '0'))
    .refine(isValidCnpj, messages.admin.cnpjInvalid),
  razaoSocial: z
    .string()
    .trim()
    .min(1, 'razão social obrigatória')
    .max(120, 'razão social com mais de 120 caracteres')
    .refine(isLineText, `razão social inválida: ${messages.fields.lineText}`),
  codigoRelacionamento: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine(
      (v) => /^[A-Za-z0-9-]{1,20}$/.test(v),
      'código de relacionamento inválido (até 20 letras, números ou hífen)',
    ),
  limiteRelacionamento: limit,
});
export type CompanyRow = z.infer<typeof companyRow>;

interface RawRow {
  /** Where the row is in the file, as the operator will look for it: "linha 3" of a CSV, "item 2" of a JSON list. */
  where: string;
  value: unknown;
}

function csvRows(text: string): RawRow[] {
  const records = parse(text, {
    columns: true,
    bom: true,
    trim: true,
    skip_empty_lines: true,
    // Spreadsheets saved in Portuguese separate with ';' (their amounts carry a decimal comma): the header says which.
    delimiter: (text.split(/\r?\n/, 1)[0] ?? '').includes(';') ? ';' : ',',
    info: true,
  }) as { record: Record<string, string>; info: { lines: number } }[];
  return records.map((r) => ({ where: `linha ${r.info.lines}`, value: r.record }));
}

function jsonRows(text: string): RawRow[] {
  const data: unknown = JSON.parse(text);
  const list = Array.isArray(data) ? data : (data as { empresas?: unknown })?.empresas;
  if (!Array.isArray(list)) throw new Error('o JSON deve ser uma lista de empresas (ou { "empresas": [...] })');
  return list.map((value, i) => ({ where: `item ${i + 1}`, value }));
}

/** The file's companies, all valid, or an AdminError listing every bad row. */
export function readCompanyRows(path: string, text: string): CompanyRow[] {
  let raw: RawRow[];
  try {
    raw = extname(path).toLowerCase() === '.json' ? jsonRows(text) : csvRows(text);
  } catch (err) {
    throw new AdminError([`${messages.admin.fileUnreadable} ${err instanceof Error ? err.message : String(err)}`]);
  }
  if (raw.length === 0) throw new AdminError([messages.admin.fileEmpty]);
  const problems: string[] = [];
  const rows: CompanyRow[] = [];
  const seen = new Map<string, string>();
  for (const { where, value } of raw) {
    const result = companyRow.safeParse(value);
    if (!result.success) {
      const reasons = result.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
      problems.push(`${where}: ${reasons.join('; ')}`);
      continue;
    }
    const first = seen.get(result.data.cnpj);
    if (first) problems.push(`${where}: ${messages.admin.duplicateCnpj} (já em ${first})`);
    else seen.set(result.data.cnpj, where);
    rows.push(result.data);
  }
  if (problems.length > 0) throw new AdminError([messages.admin.fileRefused, ...problems.map((p) => `  - ${p}`)]);
  return rows;
}
