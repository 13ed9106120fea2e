// The Pix copia-e-cola of a corporate invoice: a static BR Code (EMV QRCPS-MPM with the Pix merchant account
// template, as the Banco Central's "Manual de Padrões para Iniciação do Pix" lays it out), built here because only
// the issuer knows the receiving key (decision 077). Small enough that no library is worth its dependencies: the one
// on the registry (pix-utils) brings axios and a QR renderer the provider does not need.
import type { Config } from '../../platform/config.ts';

/** Who receives the payment: the issuer's Pix key and the name and city the payer's app shows. */
export interface PixReceiver {
  key: string;
  merchantName: string;
  merchantCity: string;
}

export interface StaticPix extends PixReceiver {
  /** In centavos; without it the payer types the amount. */
  amountCents?: number;
  /** Up to 25 letters and digits; without it '***' (no identifier), as the manual asks. */
  txid?: string;
}

/** A random (EVP) key that belongs to nobody: the demo shows a well-formed code that no bank will pay. */
export const DEMO_PIX_KEY = '3f6c2a9e-81d4-4b7a-9c05-e2d71b48f6a3';
export const DEMO_PIX_MERCHANT_NAME = 'FIDIS CARTOES';
export const DEMO_PIX_MERCHANT_CITY = 'SAO PAULO';

/** The manual's limits, in characters, of what the payer's app reads. */
export const PIX_LIMITS = { key: 77, merchantName: 25, merchantCity: 15, txid: 25 } as const;

const GUI = 'br.gov.bcb.pix';

/** The receiver this provider offers, or null when Pix is not offered (production without PIX_KEY). */
export function pixReceiver(config: Config): PixReceiver | null {
  if (config.PIX_KEY) {
    const receiver = {
      key: config.PIX_KEY,
      merchantName: config.PIX_MERCHANT_NAME ?? '',
      merchantCity: config.PIX_MERCHANT_CITY ?? '',
    };
    // Built once here so that a name or city with nothing left in ASCII stops start-up, not every invoice call.
    staticPix(receiver);
    return receiver;
  }
  if (config.FIDIS_MODE !== 'demo') return null;
  return { key: DEMO_PIX_KEY, merchantName: DEMO_PIX_MERCHANT_NAME, merchantCity: DEMO_PIX_MERCHANT_CITY };
}

/**
 * The manual allows only plain ASCII in name and city, and payers' apps show whatever arrives: 'São Paulo' becomes
 * 'Sao Paulo' rather than mojibake, anything else outside printable ASCII a space, and the text is cut at `max`.
 */
export function asciiField(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trimEnd();
}

/** One EMV TLV field: two-digit id, two-digit length, value. */
function tlv(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`campo ${id} do BR Code com mais de 99 caracteres`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), four upper-case hex digits, as field 63 carries it. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Centavos as the manual writes an amount: digits, a dot, two decimals ('1234.50'). */
function amountText(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError('valor do Pix deve ser positivo');
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The copia-e-cola text of a static Pix (the same text the QR code carries). */
export function staticPix(pix: StaticPix): string {
  const key = pix.key.trim();
  if (key.length === 0 || key.length > PIX_LIMITS.key) throw new RangeError('chave Pix vazia ou longa demais');
  const txid = pix.txid ?? '***';
  if (pix.txid !== undefined && !/^[A-Za-z0-9]{1,25}$/.test(pix.txid)) {
    throw new RangeError('txid do Pix: de 1 a 25 letras e dígitos');
  }
  const name = asciiField(pix.merchantName, PIX_LIMITS.merchantName);
  const city = asciiField(pix.merchantCity, PIX_LIMITS.merchantCity);
  if (!name || !city) throw new RangeError('nome e cidade do recebedor do Pix são obrigatórios');
  const body = [
    tlv('00', '01'),
    tlv('26', tlv('00', GUI) + tlv('01', key)),
    tlv('52', '0000'),
    tlv('53', '986'),
    pix.amountCents === undefined ? '' : tlv('54', amountText(pix.amountCents)),
    tlv('58', 'BR'),
    tlv('59', name),
    tlv('60', city),
    tlv('62', tlv('05', txid)),
    '6304',
  ].join('');
  return body + crc16(body);
}

/**
 * The invoice's txid: the due date and the invoice's row id, so that the issuer's reconciliation finds the invoice
 * from what the bank reports ('F2026022200000042'): 'F', 8 digits of date, the id in at least 8 digits, which any
 * safe-integer id (16 digits at most) keeps within the manual's 25 letters and digits.
 */
export function invoiceTxid(invoiceId: number, dueDate: string): string {
  const txid = `F${dueDate.replaceAll('-', '')}${String(invoiceId).padStart(8, '0')}`;
  if (!/^[A-Za-z0-9]{1,25}$/.test(txid)) throw new RangeError('txid da fatura fora do padrão');
  return txid;
}

/** Reais as the database keeps them ('1234.5', '1234.56') → centavos, without going through a float. */
export function centsOf(value: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new RangeError(`valor em reais inválido: ${value}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}
