// Bulk changes, the spending controls kind (issue 30, decision 136): a row sets one card's own controls. Its cells are
// read as an operator writes them — group names as the controls screen shows them, "Sim"/"Não", amounts in reais
// with an empty cell meaning "sem limite" — and then judged by the controls' own schema, the one the card screen's
// change is judged by, so a row is accepted exactly when the screen would accept the same controls. "Padrão da
// empresa" in the groups column, the rest blank, puts the card back on the company's default, as the screen's
// "Seguir o padrão da empresa" does (controls: null).
import { z } from 'zod';
import { BULK_COLUMNS, headerKey, parseAmount } from './bulk-format.ts';
import { cpfCell } from './bulk-row-rules.ts';
import { last4 } from './fields.ts';
import { messages } from './messages.ts';
import { MCC_GROUP_KEYS, MCC_GROUPS, type MccGroup, spendingControls } from './spending-controls.ts';

const r = messages.bulk.reasons;
const COLUMNS = BULK_COLUMNS.controls;

/** A group by its key or by its screen label, compared without accents, case or spaces. */
const GROUP_BY_WORD = new Map<string, MccGroup>(
  MCC_GROUP_KEYS.flatMap((g) => [
    [headerKey(g), g],
    [headerKey(MCC_GROUPS[g].label), g],
  ]),
);
const NO_GROUP = new Set(['', 'nenhuma', 'nenhum']);
const YES = new Set(['sim', 's', 'permitida', 'permitidas', 'permitido', 'permitidos']);
const NO = new Set(['nao', 'n', 'bloqueada', 'bloqueadas', 'bloqueado', 'bloqueados']);

const groupsCell = z.string().transform((cell, ctx) => {
  const words = cell
    .split(',')
    .map((w) => w.trim())
    .filter((w) => w !== '');
  if (words.length <= 1 && NO_GROUP.has(headerKey(words[0] ?? ''))) return [];
  const groups: MccGroup[] = [];
  for (const word of words) {
    const group = GROUP_BY_WORD.get(headerKey(word));
    if (!group) {
      ctx.addIssue({ code: 'custom', message: r.unknownGroup(word) });
      return z.NEVER;
    }
    groups.push(group);
  }
  return groups;
});

const allowedCell = (column: string) =>
  z.string().transform((cell, ctx) => {
    const word = headerKey(cell);
    if (YES.has(word)) return true;
    if (NO.has(word)) return false;
    ctx.addIssue({ code: 'custom', message: word === '' ? r.required(column) : r.yesOrNo(column) });
    return z.NEVER;
  });

/** An empty cell (or "sem limite") is no maximum; anything else must be an amount in reais. */
const maximumCell = (column: string) =>
  z.string().transform((cell, ctx) => {
    const text = cell.trim();
    if (text === '' || headerKey(text) === 'semlimite') return null;
    const amount = parseAmount(text);
    if (amount === null) {
      ctx.addIssue({ code: 'custom', message: `${column}: ${r.invalidAmount}` });
      return z.NEVER;
    }
    return amount;
  });

/** The controls' fields, in the template's column order from its third column. */
const FIELDS = [
  'blockedGroups',
  'international',
  'online',
  'cashWithdrawal',
  'maxPerPurchase',
  'dailyLimit',
  'monthlyLimit',
] as const;

/** The groups cell's words that put the card back on the company's default. */
const COMPANY_DEFAULT = new Set(['padraodaempresa', 'padrao']);
export const backToCompanyDefault = (cells: readonly string[]) => COMPANY_DEFAULT.has(headerKey(cells[2] ?? ''));

const blankCell = (column: string) =>
  z.string().refine((cell) => cell.trim() === '', { message: r.defaultAlone(column) });

/** A row that puts the card back on the company's default: its CPF and card, every control cell blank. */
export const companyDefaultRow = z
  .tuple([
    cpfCell,
    z.string().trim().pipe(last4),
    z.string(),
    blankCell(COLUMNS[3]),
    blankCell(COLUMNS[4]),
    blankCell(COLUMNS[5]),
    blankCell(COLUMNS[6]),
    blankCell(COLUMNS[7]),
    blankCell(COLUMNS[8]),
  ])
  .transform(([cpf, final]) => ({ cpf, last4: final, controls: null }));

export const controlsRow = z
  .tuple([
    cpfCell,
    z.string().trim().pipe(last4),
    groupsCell,
    allowedCell(COLUMNS[3]),
    allowedCell(COLUMNS[4]),
    allowedCell(COLUMNS[5]),
    maximumCell(COLUMNS[6]),
    maximumCell(COLUMNS[7]),
    maximumCell(COLUMNS[8]),
  ])
  .transform(([cpf, final, ...values]) => ({
    cpf,
    last4: final,
    controls: Object.fromEntries(FIELDS.map((f, i) => [f, values[i]])),
  }))
  .pipe(z.object({ cpf: z.string(), last4: z.string(), controls: spendingControls }));

/**
 * The column of a problem: a cell's own (its place in the tuple) or a control's (the schema's path). The controls'
 * schema speaks of "um valor" without naming it, so its reasons get their column in front.
 */
export function controlsReason(issue: { path?: PropertyKey[]; message: string }): string {
  const [first, field] = issue.path ?? [];
  if (first === 'controls') {
    const at = FIELDS.indexOf(field as (typeof FIELDS)[number]);
    return at >= 0 ? `${COLUMNS[at + 2]}: ${issue.message}` : issue.message;
  }
  return issue.message;
}
