// The provider's database, one pg schema that runs unchanged on PGlite and PostgreSQL.
// Each area's tables live in their own module; migrations are generated from this file and what it re-exports
// (`npm run db:generate`); never edit the SQL by hand.

export * from './schema-audit.ts';
export * from './schema-billing.ts';
export * from './schema-cards.ts';
export * from './schema-platform.ts';
export * from './schema-requests.ts';
export * from './schema-second-factor.ts';
export * from './schema-spending.ts';
export * from './schema-users.ts';
