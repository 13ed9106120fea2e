// The statements of the bare baseline (bench/provider-bare.ts), as drizzle 0.45 writes them for the provider's scope
// step and services, and the driver call that runs them. bench/provider.ts stops unless the bare server sends these
// very statements, in the provider's order and with its parameters: when the provider changes a read, copy its new
// text here from the list the bench prints.
import type { DatabaseHandle } from '../src/platform/database.ts';

const q = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The link to the account's company and the card by its last four digits, as the card scopes join them. */
const CARD_OF_USER = `from "accounts" inner join "cards" on "cards"."account_id" = "accounts"."id" inner join
  "user_companies" on ("user_companies"."company_id" = "accounts"."company_id" and "user_companies"."user_id" = $1)
  where ("accounts"."id" = $2 and ("cards"."last4" = $3 or "cards"."last4_2way" = $4)) order by
  "cards"."created_at" asc, "cards"."id" asc limit $5`;

export const SQL = {
  session: q(`select "user_sessions"."last_used_at", "user_sessions"."revoked_at", "user_sessions"."created_at",
    "user_sessions"."checked_at", "user_sessions"."factor_pending", "portal_users"."id", "portal_users"."login",
    "portal_users"."name", "portal_users"."status", "portal_users"."must_change_password" from "user_sessions"
    inner join "portal_users" on "portal_users"."id" = "user_sessions"."user_id" where "user_sessions"."id" = $1`),
  renew: q(`update "user_sessions" set "last_used_at" = $1 where ("user_sessions"."id" = $2 and
    "user_sessions"."revoked_at" is null)`),
  companies: q(`select "companies"."corporate_name", "companies"."cnpj", "companies"."relation_code" from
    "user_companies" inner join "companies" on "companies"."id" = "user_companies"."company_id" where
    "user_companies"."user_id" = $1 order by "companies"."corporate_name" asc`),
  /** The company scope (scope/company.ts): the company and the operator's link in one statement, two rows at most. */
  companyOfUser: q(`select "companies"."id", "companies"."cnpj", "companies"."relation_code",
    "companies"."corporate_name", "companies"."total_sub_accounts", "user_companies"."profile" from "companies"
    inner join "user_companies" on ("user_companies"."company_id" = "companies"."id" and
    "user_companies"."user_id" = $1) where ("companies"."cnpj" = $2 and "companies"."relation_code" = $3) limit $4`),
  firstPage: q(`select "accounts"."account_number", "accounts"."id", "accounts"."holder_name",
    "accounts"."document_number", "cards"."last4", "cards"."last4_2way", "cards"."status", "cards"."block_code",
    "accounts"."account_blocking_code_two", "accounts"."account_warning_code", "cards"."logo",
    "accounts"."status_description", "cards"."active_flag" from "accounts" inner join "cards" on
    ("cards"."account_id" = "accounts"."id" and "cards"."card_type" = $1) where "accounts"."company_id" = $2 order by
    "accounts"."account_number" asc limit $3`),
  /** The card scope (scope/card.ts): the whole account and card rows, for the consult. */
  cardOfUser: q(`select "accounts"."id", "accounts"."account_number", "accounts"."company_id",
    "accounts"."main_account", "accounts"."holder_name", "accounts"."mother_name", "accounts"."email",
    "accounts"."phone_ddd", "accounts"."phone_number", "accounts"."cell_ddd", "accounts"."cell_phone",
    "accounts"."zip_code", "accounts"."address", "accounts"."address_number", "accounts"."address_complement",
    "accounts"."district", "accounts"."city", "accounts"."state", "accounts"."gender", "accounts"."birth_date",
    "accounts"."document_number", "accounts"."credit_limit", "accounts"."status_description",
    "accounts"."flag_type_billing", "accounts"."account_blocking_code_two", "accounts"."account_warning_code",
    "accounts"."name_key", "accounts"."created_at", "accounts"."updated_at", "cards"."id", "cards"."account_id",
    "cards"."last4", "cards"."last4_2way", "cards"."logo", "cards"."org", "cards"."card_type", "cards"."status",
    "cards"."block_code", "cards"."active_flag", "cards"."emboss_name", "cards"."visual_deficiency",
    "cards"."password_blocked", "cards"."expires_on", "cards"."created_at", "cards"."updated_at",
    "user_companies"."profile" ${CARD_OF_USER}`),
  /** The same scope by its ids only, for the history. */
  cardIdsOfUser: q(`select "accounts"."id", "accounts"."company_id", "cards"."id", "cards"."last4",
    "user_companies"."profile" ${CARD_OF_USER}`),
  /** The history's own columns (services/history.ts), one table so unqualified. */
  history: q(`select "tms_incl", "num_authorization", "establishment_name", "qtd_parcel", "coin_code", "main_value",
    "desc_response_transaction", "desc_drop", "transaction_type", "captured_offline", "password_validated",
    "decline_code" from "authorizations" where "authorizations"."account_id" = $1 order by
    "authorizations"."tms_incl" desc, "authorizations"."id" desc`),
} as const;

/** Column positions of a statement's rows, read off its select list. */
function columnsOf(sql: string): (name: string) => number {
  const columns = sql
    .slice('select '.length, sql.indexOf(' from '))
    .split(', ')
    .map((c) => c.replaceAll('"', ''));
  return (name) => {
    const i = columns.indexOf(name);
    if (i < 0) throw new Error(`no column ${name} in ${sql.slice(0, 60)}…`);
    return i;
  };
}

const consult = columnsOf(SQL.cardOfUser);
/** Where the consult finds what it reads in the wide card row. */
export const CONSULT = {
  profile: consult('user_companies.profile'),
  statusDescription: consult('accounts.status_description'),
  status: consult('cards.status'),
  blockCode: consult('cards.block_code'),
  activeFlag: consult('cards.active_flag'),
  passwordBlocked: consult('cards.password_blocked'),
};

export type Row = unknown[];
export type RunQuery = (sql: string, params: unknown[]) => Promise<Row[]>;

/** The platform's own client, asked for array rows as drizzle asks for them (its type parsers aside). */
export function rawQuery(handle: DatabaseHandle): RunQuery {
  if (handle.kind === 'pglite') {
    const client = handle.client;
    return async (sql, params) => (await client.query<Row>(sql, params, { rowMode: 'array' })).rows;
  }
  const pool = handle.client;
  return async (sql, params) => (await pool.query<Row>({ text: sql, values: params, rowMode: 'array' })).rows;
}
