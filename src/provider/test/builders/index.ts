// Builders (issue 26): a test makes the company, holders, users and history it depends on, typed, in its own
// database, and says so; it reads back what it wrote instead of finding rows of the seeded demo by name or order.
// The demo operator (DEMO in seeded-database.ts) still signs in: a built company lists it among its members.
export {
  type BuiltCard,
  buildCard,
  buildCards,
  buildRequest,
  type CardOptions,
  everyState,
  holderIn,
} from './card.ts';
export {
  type BuiltCompany,
  buildCompany,
  type CompanyOptions,
  linkUser,
  type Member,
  setRelationshipLimit,
} from './company.ts';
export { buildDueDates, buildHistory, buildInvoices, buildPurchase, type PurchaseOptions } from './history.ts';
export { buildHolders, type HolderSpec } from './holders.ts';
export type { Builds } from './types.ts';
export { type BuiltUser, buildUser, type Membership, type UserOptions } from './user.ts';
export { freshCnpj, freshCpf, wordFor } from './values.ts';
