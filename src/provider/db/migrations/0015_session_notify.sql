-- Issue 17: every provider instance keeps its recently read sessions for a moment. Whatever ends or changes a session
-- or its user (sign-out, a password change, deactivation, a second factor proved or reset, a statement typed by
-- hand) tells every instance at commit, so none goes on answering for it.
CREATE OR REPLACE FUNCTION fidis_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fidis_sessions', 's:' || OLD.id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fidis_session_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fidis_sessions', 'u:' || OLD.id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_sessions_changed AFTER UPDATE OF revoked_at, factor_pending, checked_at, user_id OR DELETE
  ON user_sessions FOR EACH ROW EXECUTE FUNCTION fidis_session_changed();
--> statement-breakpoint
CREATE TRIGGER portal_users_changed AFTER UPDATE OF status, must_change_password, login, name OR DELETE
  ON portal_users FOR EACH ROW EXECUTE FUNCTION fidis_session_user_changed();
