ALTER TABLE "card_events" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_company_at_id" ON "audit_log" USING btree ("company_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_company_login_at_id" ON "audit_log" USING btree ("company_id","actor_login","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_company_action_at_id" ON "audit_log" USING btree ("company_id","action","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_id" ON "audit_log" USING btree ("actor_user_id","at","id") WHERE "audit_log"."company_id" is null;--> statement-breakpoint
CREATE INDEX "card_events_company_at_id" ON "card_events" USING btree ("company_id","at","id");--> statement-breakpoint
CREATE INDEX "card_events_company_login_at_id" ON "card_events" USING btree ("company_id","actor_login","at","id");--> statement-breakpoint
CREATE INDEX "card_events_company_action_at_id" ON "card_events" USING btree ("company_id","action","at","id");--> statement-breakpoint
-- Backfill (decision 089): the company of every card event written before the writers filled it.
UPDATE "card_events" e SET "company_id" = a."company_id" FROM "cards" c JOIN "accounts" a ON a."id" = c."account_id" WHERE c."id" = e."card_id" AND e."company_id" IS NULL;
