ALTER TABLE "audit_log" ADD COLUMN "actor_login" varchar(60);--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_name" varchar(60);--> statement-breakpoint
ALTER TABLE "card_events" ADD COLUMN "actor_login" varchar(60);--> statement-breakpoint
ALTER TABLE "card_events" ADD COLUMN "actor_name" varchar(60);--> statement-breakpoint
ALTER TABLE "occurrences" ADD COLUMN "actor_login" varchar(60);--> statement-breakpoint
ALTER TABLE "occurrences" ADD COLUMN "actor_name" varchar(60);--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "actor_login" varchar(60);--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "actor_name" varchar(60);