CREATE TABLE "bulk_rows" (
	"company_id" integer NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"outcome" varchar(12) NOT NULL,
	"reason" text,
	"actor_user_id" uuid,
	"actor_login" varchar(60),
	"actor_name" varchar(60),
	"applied_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bulk_rows_company_id_idempotency_key_pk" PRIMARY KEY("company_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "expires_on" date DEFAULT (current_date + interval '5 years')::date NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_rows" ADD CONSTRAINT "bulk_rows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_rows" ADD CONSTRAINT "bulk_rows_actor_user_id_portal_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."portal_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Cards issued before the column existed: five years from their issue, as the platform's plastics are.
UPDATE "cards" SET "expires_on" = ("created_at" + interval '5 years')::date;
