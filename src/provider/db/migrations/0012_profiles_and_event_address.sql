ALTER TABLE "card_events" ADD COLUMN "address" varchar(45);--> statement-breakpoint
ALTER TABLE "user_companies" ADD COLUMN "profile" varchar(20) DEFAULT 'ADMINISTRADOR' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_companies" ADD CONSTRAINT "user_companies_profile" CHECK ("user_companies"."profile" in ('ADMINISTRADOR', 'GESTOR_CARTOES', 'CONSULTA'));