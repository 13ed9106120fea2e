// The audit trail's recorded values as a person reads them (decision 135): the screen and the CSV file share these,
// so both say the same. Codes become their pt-BR names, a creation shows only its new value, and the sensitive
// reads' list becomes one sentence per read instead of JSON.

import type { AuditChange } from './audit.ts';
import { auditMessages as m } from './audit-messages.ts';
import { cardActionMessages } from './card-action-messages.ts';
import { companyMessages } from './company-messages.ts';

const block = cardActionMessages.block;
const product = companyMessages.proposal;

/** Coded values recorded by the card events, named as the screens that set them name them. */
const CODED: Record<string, Record<string, string>> = {
  blockCode: { P: block.reasonP, R: block.reasonR, BE: block.reasonBE, O: block.reasonO },
  reasonReissueCard: { P: block.reasonP, O: block.reasonO },
  modalityType: { ISSUE_CARD_2_WAY: 'Emissão de 2ª via' },
  logo: { '1': product.green, '2': product.black },
  gender: { M: 'Masculino', F: 'Feminino', O: 'Outro' },
};

const MONEY_FIELDS = new Set(['creditLimit', 'availableLimit', 'usedLimit', 'availableCreditLimitUsed']);
/** CPFs on the trail are shown masked, as LGPD's minimisation asks: ***.456.789-**. */
const CPF_FIELDS = new Set(['numeroDocumento', 'documentNumber', 'cpf']);
const brl = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A value as a person reads it: money as R$ 1.234,56, ISO dates as DD/MM/YYYY, booleans as Sim / Não. */
export function auditValue(field: string, value: string | null): string {
  if (value === null || value === '') return m.empty_value;
  if (CPF_FIELDS.has(field) && /^\d{11}$/.test(value)) return `***.${value.slice(3, 6)}.${value.slice(6, 9)}-**`;
  if (MONEY_FIELDS.has(field) && /^-?\d+(\.\d+)?$/.test(value)) return `R$ ${brl.format(Number(value))}`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value.split('-').reverse().join('/');
  const named = CODED[field]?.[value] ?? m.values[field]?.[value];
  if (named) return named;
  if (value === 'true') return m.yes;
  if (value === 'false') return m.no;
  return value;
}

/** Where each audited read was made, by the endpoint that answered it. */
const READ_PLACES: Record<string, string> = {
  accounts: 'Lista de cartões',
  cardsByDocument: 'Busca por CPF',
  cardsOfAccount: 'Detalhes do cartão',
  holder: 'Dados do portador',
  cardSearch: 'Busca de cartões',
  radarCards: 'Cartões que pedem atenção',
  listUsers: 'Usuários',
  auditTrail: 'Auditoria',
};

interface Read {
  em?: unknown;
  chamada?: unknown;
  dados?: unknown;
}

/** HH:mm:ss in Brasília (UTC−3, no daylight saving since 2019), as the trail's times are. */
const brasiliaTime = (iso: unknown): string | null => {
  const ms = typeof iso === 'string' ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(ms) ? null : new Date(ms - 3 * 3_600_000).toISOString().slice(11, 19);
};

function readLine(r: Read): string {
  const data = Array.isArray(r.dados) ? r.dados : [];
  const what =
    data.includes('cpf') && data.includes('address')
      ? 'CPF e endereço completos lidos'
      : data.includes('cpf')
        ? 'CPF completo lido'
        : data.includes('address')
          ? 'Endereço completo lido'
          : 'Consulta';
  const call = typeof r.chamada === 'string' ? r.chamada : '';
  const place = READ_PLACES[call] ?? 'outra tela do portal';
  const time = brasiliaTime(r.em);
  return `${what} em ${place}${time ? ` às ${time}` : ''}`;
}

/** The sensitive reads a row lists, one sentence each; null when the value is not such a list. */
export function readLines(field: string, value: string | null): string[] | null {
  if (field !== 'leituras' || !value) return null;
  try {
    const reads: unknown = JSON.parse(value);
    return Array.isArray(reads) ? reads.map((r) => readLine((r ?? {}) as Read)) : null;
  } catch {
    return null;
  }
}

/**
 * One change as a line: "Limite: R$ 1.000,00 → R$ 2.000,00"; a creation (nothing before) only "Nome: Maria";
 * the sensitive reads "Leituras: CPF completo lido em Detalhes do cartão às 05:09:45; …".
 */
export function changeText(c: AuditChange): string {
  const label = m.fields[c.field] ?? c.field;
  const reads = readLines(c.field, c.after);
  if (reads) return `${label}: ${reads.join('; ')}`;
  if (c.before === null) return `${label}: ${auditValue(c.field, c.after)}`;
  return `${label}: ${auditValue(c.field, c.before)} → ${auditValue(c.field, c.after)}`;
}

/** A read's target as recorded (`account:<id>`, `empresa:<cnpj>`) in words; other texts as recorded. */
export function recordedTarget(text: string | null): string {
  if (!text) return '';
  if (text.startsWith('account:')) return 'Um cartão da empresa';
  if (text.startsWith('empresa:')) return 'Lista da empresa';
  return text;
}
