-- Temporary passwords issued before expiry existed get the full 72 hours from the upgrade (decision 058), so
-- nobody invited last week is locked out by it, and none of them keeps a password that never expires.
UPDATE "portal_users"
SET "temporary_password_expires_at" = now() + interval '72 hours'
WHERE "must_change_password" AND "temporary_password_expires_at" IS NULL;
