-- Backfill of 0004 on a database seeded before it, so the used amount derived from authorizations is consistent.
-- What each authorization holds, in reais (foreign ones at the demo rate: US$ 5.40, € 5.90).
UPDATE "authorizations" SET "value_brl" = round("main_value" * CASE "coin_code" WHEN 840 THEN 5.40 WHEN 978 THEN 5.90 ELSE 1 END, 2);--> statement-breakpoint
-- Before 0004 every APROVADA or OFFLINE drop was an offline capture without password validation.
UPDATE "authorizations" SET "captured_offline" = true, "password_validated" = false WHERE "desc_drop" IN ('APROVADA', 'OFFLINE');--> statement-breakpoint
-- Authorizations carried by an invoice already due (closed 10 days before it) were released when it was paid.
UPDATE "authorizations" a SET "settled_at" = d."due" FROM (
  SELECT ac."id" AS "account_id", max(dd."due_date")::timestamptz AS "due"
  FROM "accounts" ac JOIN "invoice_due_dates" dd ON dd."company_id" = ac."company_id" AND dd."due_date" <= current_date
  GROUP BY ac."id"
) d WHERE a."account_id" = d."account_id" AND a."tms_incl" < d."due" - interval '10 days';--> statement-breakpoint
-- An account's open approved authorizations must fit in its credit limit: the oldest past it count as settled.
UPDATE "authorizations" a SET "settled_at" = a."tms_incl" FROM (
  SELECT au."id", sum(au."value_brl") OVER (PARTITION BY au."account_id" ORDER BY au."tms_incl" DESC, au."id" DESC) AS "running", ac."credit_limit"
  FROM "authorizations" au JOIN "accounts" ac ON ac."id" = au."account_id"
  WHERE au."settled_at" IS NULL
    AND (au."desc_drop" = 'NORMAL' OR (au."desc_drop" = 'APROVADA' AND au."captured_offline" AND NOT au."password_validated"))
) o WHERE a."id" = o."id" AND o."running" > o."credit_limit";
