// Text rules with no dependency: modules the first paint loads import them from here, never through fields.ts,
// which builds its zod rules as it loads.

/** Strips the mask characters the spec names (dots, dashes, slashes) and any whitespace. */
export const onlyDigits = (value: string) => value.replace(/\D/g, '');
