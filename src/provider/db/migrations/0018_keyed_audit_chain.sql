-- The keyed audit chain (decision 125). Migration 0011's chain was an unkeyed sha256 computed and checked by
-- functions of this same database, so whoever could write to it could also rewrite every later hash, or replace the
-- function. The chain now lives in audit_chain, one per company over audit_log and card_events together, each link
-- an HMAC under a key derived from the master key (never in the database), computed and checked by the code.
-- The database keeps no hash function and no chain trigger: nothing here is trusted to say the trail is whole.
CREATE TABLE "audit_chain" (
	"chain" integer NOT NULL,
	"seq" bigint NOT NULL,
	"source" char(1) NOT NULL,
	"row_id" bigint NOT NULL,
	"mac" char(64) NOT NULL,
	CONSTRAINT "audit_chain_chain_seq_pk" PRIMARY KEY("chain","seq"),
	CONSTRAINT "audit_chain_source" CHECK ("audit_chain"."source" in ('a', 'c'))
);
--> statement-breakpoint
CREATE TABLE "audit_chain_legacy" (
	"source" char(1) PRIMARY KEY NOT NULL,
	"upto_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_chain_row" ON "audit_chain" USING btree ("source","row_id");--> statement-breakpoint
-- The rows already written join the keyed chain at the first start with the master key (src/provider/audit/adopt.ts):
-- exactly these, up to today's last id of each table, so a row slipped in later is never adopted.
INSERT INTO "audit_chain_legacy" ("source", "upto_id") SELECT 'a', max(id) FROM "audit_log" HAVING count(*) > 0;--> statement-breakpoint
INSERT INTO "audit_chain_legacy" ("source", "upto_id") SELECT 'c', max(id) FROM "card_events" HAVING count(*) > 0;--> statement-breakpoint
DROP TRIGGER "audit_log_chain" ON "audit_log";--> statement-breakpoint
DROP FUNCTION "audit_log_chain"();--> statement-breakpoint
DROP FUNCTION "audit_log_row_hash"(char, "audit_log");--> statement-breakpoint
DROP INDEX "audit_log_chain";--> statement-breakpoint
ALTER TABLE "audit_log" DROP COLUMN "chain_seq";--> statement-breakpoint
ALTER TABLE "audit_log" DROP COLUMN "prev_hash";--> statement-breakpoint
ALTER TABLE "audit_log" DROP COLUMN "hash";--> statement-breakpoint
-- card_events is append-only too, as audit_log is (migration 0011): a plain UPDATE or DELETE is refused. The MAC is
-- what proves a change; this only stops one made by mistake. The one change let through is the foreign key's own.
CREATE FUNCTION card_events_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.actor_user_id IS NULL AND OLD.actor_user_id IS NOT NULL
     AND (to_jsonb(NEW) - 'actor_user_id') = (to_jsonb(OLD) - 'actor_user_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'card_events is append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER card_events_append_only BEFORE UPDATE OR DELETE ON card_events FOR EACH ROW EXECUTE FUNCTION card_events_append_only();
