ALTER TABLE "audit_log" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "address" varchar(45);--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_company_at" ON "audit_log" USING btree ("company_id","at");