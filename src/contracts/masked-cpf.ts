// Consulta's masked CPF (issue 16, decision 090): the provider masks every holder CPF it answers an operator whose
// profile in the company is Consulta; the web shows a masked value as it is, with an audited "mostrar". No zod here:
// the cards screens' formatter reads it.

/** 52998224725 or 529.982.247-25 → 529.***.***-25; anything that is not a CPF's 11 digits is returned unchanged. */
export function maskCpf(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 11 || !/^[\d.\s-]+$/.test(value)) return value;
  return `${digits.slice(0, 3)}.***.***-${digits.slice(9)}`;
}

/** True for a value the provider masked (it holds '*'): shown as it is, never formatted as a CPF. */
export const isMaskedCpf = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.includes('*');

/** The answer fields that carry a holder's CPF. */
export const CPF_FIELDS: ReadonlySet<string> = new Set(['documentNumber', 'numeroDocumento', 'cpf']);

/** A deep copy of `value` with every CPF field masked (arrays and nested objects included). */
export function maskCpfFields<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => maskCpfFields(v)) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    out[key] = CPF_FIELDS.has(key) && typeof v === 'string' ? maskCpf(v) : maskCpfFields(v);
  }
  return out as T;
}
