-- The company's spend (issue 27, decision 118): every card's authorizations newest first, walked backwards on
-- (tms_incl, id) so a keyset page deep in a million rows reads what the first one does.
CREATE INDEX "authorizations_time" ON "authorizations" USING btree ("tms_incl","id");