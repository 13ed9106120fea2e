// Bulk changes (issue 18.2): the files' format — the kinds, the template's columns and example rows, how many rows a
// file and a call carry, how a header cell is compared and how an amount in reais is read.
export const BULK_KINDS = ['limits', 'blocks', 'cards', 'controls'] as const;
export type BulkKind = (typeof BULK_KINDS)[number];

/** The template's header per kind: the first line of every file, compared without accents, case or spaces. */
export const BULK_COLUMNS = {
  // The amount is the card's new available limit (decision 102); the header names it, so a file written when it
  // was the credit limit is refused for its header rather than read with the other meaning.
  limits: ['CPF', 'Final do cartão', 'Novo limite disponível'],
  blocks: ['CPF', 'Final do cartão', 'Motivo', 'Observação'],
  cards: [
    'CPF',
    'Nome completo',
    'Nome no cartão',
    'Data de nascimento',
    'Sexo',
    'Nome da mãe',
    'E-mail',
    'DDD celular',
    'Celular',
    'CEP',
    'Endereço',
    'Número',
    'Complemento',
    'Bairro',
    'Cidade',
    'UF',
    'Limite',
  ],
  // A card's own spending controls (decision 136): the controls screen's words, one column per control.
  controls: [
    'CPF',
    'Final do cartão',
    'Categorias bloqueadas',
    'Compras internacionais',
    'Compras on-line',
    'Saques em dinheiro',
    'Máximo por compra',
    'Máximo por dia',
    'Máximo por mês',
  ],
} as const satisfies Record<BulkKind, readonly string[]>;

/** The template's example row per kind (a CPF that passes its check digits, a CEP of São Paulo). */
export const BULK_EXAMPLES: Record<BulkKind, readonly string[]> = {
  limits: ['529.982.247-25', '1234', '1.500,00'],
  blocks: ['529.982.247-25', '1234', 'Perda', 'Cartão perdido em viagem'],
  cards: [
    '529.982.247-25',
    'Maria da Silva Santos',
    'MARIA D S SANTOS',
    '15/04/1985',
    'F',
    'Ana da Silva',
    'maria.santos@empresa.com.br',
    '11',
    '912345678',
    '01310-100',
    'Avenida Paulista',
    '1000',
    'Sala 12',
    'Bela Vista',
    'São Paulo',
    'SP',
    '2.000,00',
  ],
  controls: ['529.982.247-25', '1234', 'Jogos e apostas, Saques', 'Não', 'Sim', 'Não', '500,00', '1.000,00', ''],
};

/** Rows per file; rows per call: at most 100 limit or block rows, 25 card requests, and BULK_CHUNK_BYTES of JSON. */
export const BULK_MAX_FILE_ROWS = 1000;
export const BULK_MAX_ROWS_PER_CALL = 100;
export const BULK_CHUNK: Record<BulkKind, number> = { limits: 100, blocks: 100, cards: 25, controls: 100 };
/**
 * The rows' JSON per call. The BFF takes 64 KiB sealed, and sealing doubles a body (hex) and adds the call's URL
 * and headers, so a call keeps its rows under 24,000 bytes. One row always fits: the browser cuts a cell at
 * BULK_MAX_CELL characters (every field's own limit is at most 200, so a cut cell is still refused by its rule)
 * and drops control characters, so a character is at most 3 bytes of JSON.
 */
export const BULK_CHUNK_BYTES = 24_000;
export const BULK_MAX_CELL = 300;

const utf8 = new TextEncoder();
/** A file's rows in the calls that carry them, in order. */
export function chunkRows<T extends { line: number; cells: string[] }>(kind: BulkKind, rows: readonly T[]): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = utf8.encode(JSON.stringify(row)).length + 1;
    if (current.length > 0 && (current.length >= BULK_CHUNK[kind] || bytes + size > BULK_CHUNK_BYTES)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** 'Final do cartão' → 'finaldocartao': how a header cell is compared. */
export const headerKey = (cell: string) =>
  cell
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();

/**
 * An amount in reais as a Brazilian spreadsheet writes it: '1.500,00', '1500,5', '1500'; '1500.00' (a dot and two
 * decimals, as some exports write it) too. Null when it is not an amount.
 */
export function parseAmount(text: string): number | null {
  const v = text.replace(/^R\$\s*/i, '').replace(/\s/g, '');
  let normal: string;
  if (/^\d{1,3}(\.\d{3})*(,\d{1,2})?$/.test(v) || /^\d+(,\d{1,2})?$/.test(v)) {
    normal = v.replace(/\./g, '').replace(',', '.');
  } else if (/^\d+\.\d{2}$/.test(v)) normal = v;
  else return null;
  const cents = Math.round(Number(normal) * 100);
  return Number.isSafeInteger(cents) ? cents / 100 : null;
}
