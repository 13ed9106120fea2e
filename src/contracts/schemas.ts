// Payload schemas of spec sections 3 and 7, layer 2. Types are inferred from these, never written twice.
// Each area's schemas live in their own module; this one re-exports them, so every caller reads one place.
import { z } from 'zod';

export * from './card-action-schemas.ts';
export * from './card-schemas.ts';
export * from './history-schemas.ts';
export * from './invoice-schemas.ts';
export * from './proposal-schemas.ts';
export * from './session-schemas.ts';
export * from './user-schemas.ts';

/** Every refusal on the wire: a reason a person can read, and a code a program can switch on. */
export const errorBody = z.object({ message: z.string(), code: z.string().optional() });

export type ErrorBody = z.infer<typeof errorBody>;
