ALTER TABLE "authorizations" ADD COLUMN "value_brl" numeric(15, 2);--> statement-breakpoint
ALTER TABLE "authorizations" ADD COLUMN "captured_offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "authorizations" ADD COLUMN "password_validated" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "authorizations" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "authorizations_account_open" ON "authorizations" USING btree ("account_id") WHERE "authorizations"."settled_at" is null;