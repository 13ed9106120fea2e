-- The card search (issue 27, decision 115): trigram matching for the name's words. pg_trgm is a trusted extension
-- (PostgreSQL 13+): the database's owner creates it without a superuser; PGlite loads it from its contrib bundle.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "name_key" text GENERATED ALWAYS AS (' ' || lower(translate("holder_name", 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ-''’', 'AAAAAEEEEIIIIOOOOOUUUUCNaaaaaeeeeiiiiooooouuuucn   '))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "accounts_name_key_trgm" ON "accounts" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cards_last4_titular" ON "cards" USING btree ("last4","account_id") WHERE "cards"."card_type" = 'TITULAR';--> statement-breakpoint
CREATE INDEX "cards_last4_2way_titular" ON "cards" USING btree ("last4_2way","account_id") WHERE "cards"."card_type" = 'TITULAR';