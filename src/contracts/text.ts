// Text rules with no dependency: modules the first paint loads import them from here, never through fields.ts,
// which builds its zod rules as it loads.

/** Strips the mask characters the spec names (dots, dashes, slashes) and any whitespace. */
export const onlyDigits = (value: string) => value.replace(/\D/g, '');

const brasiliaDateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant as a person in Brasília reads it, DD/MM/YYYY HH:mm:ss (the audit screen and the CSV files agree). */
export const formatBrasiliaDateTime = (at: Date) => brasiliaDateTime.format(at).replace(',', '');
