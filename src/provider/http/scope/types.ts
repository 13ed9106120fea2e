// What a call acts on, found and judged by the scope step (index.ts) before the handler runs: the operator, and the
// company, card or portal user the call names, with the operator's profile there. Services receive it as an
// argument; none reads who the caller is from anywhere else.
import type { Profile } from '../../../contracts/profiles.ts';
import type { accounts, cards, portalUsers } from '../../db/schema.ts';
import type { Principal } from '../../services/sessions.ts';

export type AccountRow = typeof accounts.$inferSelect;
export type CardRow = typeof cards.$inferSelect;
export type UserRow = typeof portalUsers.$inferSelect;

export interface CompanyRef {
  id: number;
  cnpj: string;
  relationCode: string;
  corporateName: string;
  totalSubAccounts: number;
}

export interface PublicScope {
  kind: 'public';
}

export interface SelfScope {
  kind: 'self';
  principal: Principal;
}

export interface CompanyScope {
  kind: 'company';
  principal: Principal;
  company: CompanyRef;
  /** The operator's profile in the company. */
  profile: Profile;
}

/** A call that may name no company (the users list): every company of the operator's whose profile allows it. */
export interface CompaniesScope {
  kind: 'companies';
  principal: Principal;
  companies: readonly { id: number; profile: Profile }[];
}

/** A card scope that knows only which account, card and company (a policy's `rows: 'ids'`). */
export interface CardRefScope {
  kind: 'card';
  principal: Principal;
  company: { id: number };
  profile: Profile;
  account: Pick<AccountRow, 'id' | 'companyId'>;
  card: Pick<CardRow, 'id' | 'last4'>;
}

export interface CardScope extends CardRefScope {
  account: AccountRow;
  card: CardRow;
}

/** One company of a portal user, with the user's profile there and the operator's (null: not the operator's). */
export interface UserLink {
  companyId: number;
  cnpj: string;
  profile: Profile;
  operatorProfile: Profile | null;
}

export interface UserScope {
  kind: 'user';
  principal: Principal;
  target: UserRow;
  /** Every company of the user, by id. */
  links: readonly UserLink[];
  /** The company the change is recorded under: the one the call names, or the user's first. */
  company: { id: number; cnpj: string };
  /** The operator's profile in that company. */
  profile: Profile;
}

export type Scope = PublicScope | SelfScope | CompanyScope | CompaniesScope | CardRefScope | UserScope;
export type SignedInScope = Exclude<Scope, PublicScope>;
