/**
 * The answers' schemas bring zod (about 30 KB gzip with them), which the list does not need to paint: it shows the
 * page kept in the store. They load with the first call, alongside the request, or when the search gets focus.
 */
export const loadCardSchemas = () => import('../../../../contracts/schemas.ts');
