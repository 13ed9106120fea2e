-- Actor snapshots: who acted (login and name as they were then) is copied onto the row when it is written, so
-- deleting a user (the foreign key goes null) never erases who did what. Written by a trigger so that no insert
-- path can forget it; an update may never change or clear a snapshot once taken.
CREATE FUNCTION fidis_actor_snapshot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    NEW.actor_login := COALESCE(OLD.actor_login, NEW.actor_login);
    NEW.actor_name := COALESCE(OLD.actor_name, NEW.actor_name);
    IF OLD.actor_login IS NOT NULL OR NEW.actor_user_id IS NULL THEN
      RETURN NEW;
    END IF;
  END IF;
  IF NEW.actor_user_id IS NOT NULL AND NEW.actor_login IS NULL THEN
    SELECT u.login, u.name INTO NEW.actor_login, NEW.actor_name FROM portal_users u WHERE u.id = NEW.actor_user_id;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_actor_snapshot BEFORE INSERT OR UPDATE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION fidis_actor_snapshot();--> statement-breakpoint
CREATE TRIGGER card_events_actor_snapshot BEFORE INSERT OR UPDATE ON card_events
  FOR EACH ROW EXECUTE FUNCTION fidis_actor_snapshot();--> statement-breakpoint
CREATE TRIGGER occurrences_actor_snapshot BEFORE INSERT OR UPDATE ON occurrences
  FOR EACH ROW EXECUTE FUNCTION fidis_actor_snapshot();--> statement-breakpoint
CREATE TRIGGER proposals_actor_snapshot BEFORE INSERT OR UPDATE ON proposals
  FOR EACH ROW EXECUTE FUNCTION fidis_actor_snapshot();--> statement-breakpoint
-- Rows written before this migration: their actor as the user is now (rows whose user is already gone stay
-- unnamed; nothing can recover that).
UPDATE audit_log SET actor_login = actor_login WHERE actor_user_id IS NOT NULL;--> statement-breakpoint
UPDATE card_events SET actor_login = actor_login WHERE actor_user_id IS NOT NULL;--> statement-breakpoint
UPDATE occurrences SET actor_login = actor_login WHERE actor_user_id IS NOT NULL;--> statement-breakpoint
UPDATE proposals SET actor_login = actor_login WHERE actor_user_id IS NOT NULL;
