CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_number" bigint NOT NULL,
	"company_id" integer NOT NULL,
	"main_account" char(1) DEFAULT 'N' NOT NULL,
	"holder_name" varchar(40) NOT NULL,
	"mother_name" varchar(30) NOT NULL,
	"email" varchar(60) NOT NULL,
	"phone_ddd" varchar(3),
	"phone_number" varchar(10),
	"cell_ddd" varchar(3) NOT NULL,
	"cell_phone" varchar(10) NOT NULL,
	"zip_code" char(8) NOT NULL,
	"address" varchar(40) NOT NULL,
	"address_number" varchar(6) NOT NULL,
	"address_complement" varchar(25),
	"district" varchar(15) NOT NULL,
	"city" varchar(30) NOT NULL,
	"state" varchar(3) NOT NULL,
	"gender" char(1) NOT NULL,
	"birth_date" date NOT NULL,
	"document_number" char(11) NOT NULL,
	"credit_limit" numeric(15, 2) NOT NULL,
	"available_limit" numeric(15, 2) NOT NULL,
	"status_description" varchar(20) DEFAULT 'NORMAL' NOT NULL,
	"flag_type_billing" smallint DEFAULT 0 NOT NULL,
	"account_blocking_code_two" varchar(4),
	"account_warning_code" varchar(4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_account_number_unique" UNIQUE("account_number"),
	CONSTRAINT "accounts_gender" CHECK ("accounts"."gender" in ('M', 'F', 'O'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_user_id" uuid,
	"at" timestamp with time zone NOT NULL,
	"action" varchar(60) NOT NULL,
	"target" varchar(120) NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "card_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"card_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"at" timestamp with time zone NOT NULL,
	"action" varchar(40) NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"last4" char(4) NOT NULL,
	"last4_2way" char(4),
	"logo" smallint NOT NULL,
	"org" char(3) DEFAULT '090' NOT NULL,
	"card_type" varchar(10) DEFAULT 'TITULAR' NOT NULL,
	"status" varchar(10) DEFAULT 'Actived' NOT NULL,
	"block_code" varchar(4),
	"active_flag" char(1) DEFAULT 'S' NOT NULL,
	"emboss_name" varchar(26) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_status" CHECK ("cards"."status" in ('Actived', 'Blocked')),
	CONSTRAINT "cards_active_flag" CHECK ("cards"."active_flag" in ('S', 'N'))
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cnpj" char(14) NOT NULL,
	"corporate_name" varchar(120) NOT NULL,
	"relation_code" varchar(20) NOT NULL,
	"total_sub_accounts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_cnpj_unique" UNIQUE("cnpj")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"to" varchar(120) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"login" varchar(60) NOT NULL,
	"document" char(11) NOT NULL,
	"name" varchar(60) NOT NULL,
	"email" varchar(60) NOT NULL,
	"ddi" smallint NOT NULL,
	"ddd" smallint NOT NULL,
	"mobile" bigint NOT NULL,
	"status" varchar(7) DEFAULT 'ATIVO' NOT NULL,
	"password_hash" text NOT NULL,
	"must_change_password" boolean DEFAULT true NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_users_login_unique" UNIQUE("login"),
	CONSTRAINT "portal_users_document_unique" UNIQUE("document"),
	CONSTRAINT "portal_users_login_lower" CHECK ("portal_users"."login" = lower("portal_users"."login")),
	CONSTRAINT "portal_users_document_digits" CHECK ("portal_users"."document" ~ '^[0-9]{11}$'),
	CONSTRAINT "portal_users_status" CHECK ("portal_users"."status" in ('ATIVO', 'INATIVO'))
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" varchar(60) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_companies" (
	"user_id" uuid NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "user_companies_user_id_company_id_pk" PRIMARY KEY("user_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "user_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_portal_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."portal_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_actor_user_id_portal_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."portal_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_portal_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."portal_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_companies" ADD CONSTRAINT "user_companies_user_id_portal_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."portal_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_companies" ADD CONSTRAINT "user_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_portal_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."portal_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_company_number" ON "accounts" USING btree ("company_id","account_number");--> statement-breakpoint
CREATE INDEX "accounts_company_document" ON "accounts" USING btree ("company_id","document_number");--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "card_events_card" ON "card_events" USING btree ("card_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_account_titular" ON "cards" USING btree ("account_id") WHERE "cards"."card_type" = 'TITULAR';--> statement-breakpoint
CREATE INDEX "cards_account" ON "cards" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "recovery_codes_user" ON "recovery_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_companies_company" ON "user_companies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "user_sessions_user" ON "user_sessions" USING btree ("user_id");