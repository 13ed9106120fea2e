CREATE TABLE "spending_controls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"card_id" uuid,
	"blocked_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"international" boolean NOT NULL,
	"online" boolean NOT NULL,
	"cash_withdrawal" boolean NOT NULL,
	"max_per_purchase" numeric(15, 2),
	"daily_limit" numeric(15, 2),
	"monthly_limit" numeric(15, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "authorizations" ADD COLUMN "card_id" uuid;--> statement-breakpoint
ALTER TABLE "authorizations" ADD COLUMN "mcc" smallint;--> statement-breakpoint
ALTER TABLE "authorizations" ADD COLUMN "merchant_country" char(2);--> statement-breakpoint
ALTER TABLE "authorizations" ADD COLUMN "channel" varchar(12);--> statement-breakpoint
ALTER TABLE "authorizations" ADD COLUMN "network_request_id" varchar(64);--> statement-breakpoint
ALTER TABLE "authorizations" ADD COLUMN "decline_code" varchar(24);--> statement-breakpoint
ALTER TABLE "spending_controls" ADD CONSTRAINT "spending_controls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spending_controls" ADD CONSTRAINT "spending_controls_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "spending_controls_card" ON "spending_controls" USING btree ("card_id") WHERE "spending_controls"."card_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "spending_controls_company_default" ON "spending_controls" USING btree ("company_id") WHERE "spending_controls"."card_id" is null;--> statement-breakpoint
CREATE INDEX "spending_controls_company" ON "spending_controls" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "authorizations" ADD CONSTRAINT "authorizations_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authorizations_card_time" ON "authorizations" USING btree ("card_id","tms_incl") WHERE "authorizations"."card_id" is not null;--> statement-breakpoint
ALTER TABLE "authorizations" ADD CONSTRAINT "authorizations_network_request_id_unique" UNIQUE("network_request_id");