ALTER TABLE "audit_log" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" char(64);--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" char(64);--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_chain" ON "audit_log" USING btree (coalesce("company_id", 0),"chain_seq");--> statement-breakpoint
-- The tamper-evident audit trail (decision 086). Each company's rows form a chain: a row's hash is sha256 over the
-- previous row's hash and the row's own content, so editing, removing or reordering a row breaks every hash after
-- it. The database computes it, whatever code inserts the row.
CREATE FUNCTION audit_log_row_hash(prev char(64), r audit_log) RETURNS char(64)
LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(coalesce(prev, '') || jsonb_build_object(
    'seq', r.chain_seq,
    'company', r.company_id,
    'at', (extract(epoch FROM r.at) * 1000000)::bigint,
    'actorLogin', r.actor_login,
    'actorName', r.actor_name,
    'action', r.action,
    'target', r.target,
    'before', r.before,
    'after', r.after,
    'address', r.address
  )::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
CREATE FUNCTION audit_log_chain() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash char(64);
BEGIN
  -- One writer per chain at a time, until the transaction ends: the next row always sees the previous one.
  PERFORM pg_advisory_xact_lock(4242002, coalesce(NEW.company_id, 0));
  SELECT chain_seq, hash INTO last_seq, last_hash FROM audit_log
  WHERE coalesce(company_id, 0) = coalesce(NEW.company_id, 0)
  ORDER BY chain_seq DESC LIMIT 1;
  NEW.chain_seq := coalesce(last_seq, 0) + 1;
  NEW.prev_hash := last_hash;
  NEW.hash := audit_log_row_hash(NEW.prev_hash, NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- The rows written before the chain existed join it in the order they were written.
DO $$
DECLARE
  r audit_log;
  chain_key integer := NULL;
  seq bigint := 0;
  last_hash char(64) := NULL;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY coalesce(company_id, 0), id LOOP
    IF chain_key IS DISTINCT FROM coalesce(r.company_id, 0) THEN
      chain_key := coalesce(r.company_id, 0);
      seq := 0;
      last_hash := NULL;
    END IF;
    seq := seq + 1;
    r.chain_seq := seq;
    r.prev_hash := last_hash;
    r.hash := audit_log_row_hash(last_hash, r);
    UPDATE audit_log SET chain_seq = r.chain_seq, prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
    last_hash := r.hash;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
--> statement-breakpoint
-- Append-only: no code path updates or deletes a row, and the database refuses it too. The one change let through
-- is the foreign key's own: deleting a portal user empties actor_user_id in the rows it wrote (its login and name,
-- which the hash covers, stay).
CREATE FUNCTION audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.actor_user_id IS NULL AND OLD.actor_user_id IS NOT NULL
     AND (to_jsonb(NEW) - 'actor_user_id') = (to_jsonb(OLD) - 'actor_user_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
