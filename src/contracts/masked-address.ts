// Consulta's masked address (issue 16, decision 093): like the CPF (decision 090), the provider masks the holder's
// address in every answer to an operator whose profile in the company is Consulta; the web shows a masked value as it
// is, with an audited "mostrar" (revealAddress). City and state stay: they are coarse and say little of where the
// holder lives. No zod here: the card screens read it.

/**
 * The marker that stands for a hidden part: three bullets (U+2022). Not '*', as a CPF uses: an address is free text
 * and may hold a '*' (or '-', 'x', '0') typed by an operator, while a bullet is not on a keyboard and neither the CEP
 * lookup nor the seed writes one, so a value holding it is read as masked. It also reads as hidden, to the eye and
 * to a screen reader ("bullet"), which a row of asterisks or an empty field would not.
 */
export const ADDRESS_MASK = '•••';

/** The answer fields of a holder's address that Consulta sees masked (accountData in schemas.ts). */
export const ADDRESS_FIELDS: ReadonlySet<string> = new Set([
  'zipCode',
  'address',
  'addressNumber',
  'addressComplement',
  'district',
]);

/** 01310100 or 01310-100 → 01•••-•••: the first two digits (the region) and nothing of the street. */
export function maskZipCode(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 0) return value;
  return `${digits.slice(0, 2)}${ADDRESS_MASK}-${ADDRESS_MASK}`;
}

/**
 * One address field masked: the CEP keeps its region; street, number and district become the marker; an empty
 * complement stays empty (there is nothing to hide, and a marker would say there is one).
 */
export function maskAddressField(field: string, value: string): string {
  if (field === 'zipCode') return maskZipCode(value);
  return value.trim() === '' ? value : ADDRESS_MASK;
}

/** True for a value the provider masked (it holds the marker): shown as it is, never formatted or edited. */
export const isMaskedAddress = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.includes(ADDRESS_MASK);

/**
 * A deep copy of `value` with every holder address masked. An address is an object that carries a `zipCode` string:
 * only there are the fields above masked, so a field merely named `address` elsewhere (the audit trail's client IP
 * address) is left alone.
 */
export function maskAddressFields<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => maskAddressFields(v)) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const source = value as Record<string, unknown>;
  const isAddress = typeof source.zipCode === 'string';
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(source)) {
    out[key] =
      isAddress && ADDRESS_FIELDS.has(key) && typeof v === 'string' ? maskAddressField(key, v) : maskAddressFields(v);
  }
  return out as T;
}
