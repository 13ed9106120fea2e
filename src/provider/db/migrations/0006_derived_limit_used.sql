ALTER TABLE "authorizations" ALTER COLUMN "value_brl" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "available_limit";