CREATE TABLE "authorizations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "authorizations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"tms_incl" timestamp with time zone NOT NULL,
	"num_authorization" varchar(12) NOT NULL,
	"establishment_name" varchar(60) NOT NULL,
	"qtd_parcel" smallint DEFAULT 1 NOT NULL,
	"coin_code" smallint DEFAULT 986 NOT NULL,
	"main_value" numeric(15, 2) NOT NULL,
	"desc_response_transaction" varchar(60) NOT NULL,
	"desc_drop" varchar(20) NOT NULL,
	"transaction_type" varchar(20) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cep_cache" (
	"cep" char(8) PRIMARY KEY NOT NULL,
	"payload" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_due_dates" (
	"company_id" integer NOT NULL,
	"due_date" date NOT NULL,
	CONSTRAINT "invoice_due_dates_company_id_due_date_pk" PRIMARY KEY("company_id","due_date")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"total_invoice_value" numeric(15, 2),
	"digitable_line" varchar(60),
	"previous_invoice_value" numeric(15, 2),
	"total_payment_value" numeric(15, 2),
	"bs_payment_min_not_parcel" numeric(15, 2),
	"expenditure_international_value" numeric(15, 2),
	"total_debit_national_value" numeric(15, 2),
	"withdrawal_cash_international_value" numeric(15, 2),
	"withdrawal_cash_national_value" numeric(15, 2),
	"financial_burden_value" numeric(15, 2),
	"paid_not_integral_value" numeric(15, 2),
	"other_debits_value" numeric(15, 2),
	"other_credits_value" numeric(15, 2),
	"fees_value" numeric(15, 2)
);
--> statement-breakpoint
CREATE TABLE "occurrences" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "occurrences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"card_id" uuid NOT NULL,
	"modality_type" varchar(40) NOT NULL,
	"opening_text" text NOT NULL,
	"actor_user_id" uuid,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"document_number" char(11) NOT NULL,
	"logo" smallint NOT NULL,
	"payload" jsonb NOT NULL,
	"account_id" uuid,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"abbreviation_group" varchar(4) NOT NULL,
	"date" date NOT NULL,
	"last4" char(4) NOT NULL,
	"description" varchar(60) NOT NULL,
	"value_national" numeric(15, 2) DEFAULT '0' NOT NULL,
	"value_international" numeric(15, 2) DEFAULT '0' NOT NULL,
	"num_parcel_of" varchar(10)
);
--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "visual_deficiency" char(1) DEFAULT 'N' NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "password_blocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "relationship_limit" numeric(15, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "authorizations" ADD CONSTRAINT "authorizations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_due_dates" ADD CONSTRAINT "invoice_due_dates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occurrences" ADD CONSTRAINT "occurrences_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occurrences" ADD CONSTRAINT "occurrences_actor_user_id_portal_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."portal_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_actor_user_id_portal_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."portal_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authorizations_account_time" ON "authorizations" USING btree ("account_id","tms_incl");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_due" ON "invoices" USING btree ("company_id","due_date");--> statement-breakpoint
CREATE INDEX "occurrences_card" ON "occurrences" USING btree ("card_id","at");--> statement-breakpoint
CREATE INDEX "proposals_company_document" ON "proposals" USING btree ("company_id","document_number");--> statement-breakpoint
CREATE INDEX "transactions_account_due" ON "transactions" USING btree ("account_id","due_date");