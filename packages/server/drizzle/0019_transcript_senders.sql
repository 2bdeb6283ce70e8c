ALTER TABLE "transcriptions" ADD COLUMN "api_key_name" text;--> statement-breakpoint
-- Jobs sent before this migration: the name of their key where it still exists.
UPDATE "transcriptions" AS t SET "api_key_name" = k."name"
  FROM "api_keys" AS k WHERE t."api_key_id" = k."id";
--> statement-breakpoint
-- A key deleted before this migration left its name on the job's charge (migration 0017).
UPDATE "transcriptions" AS t SET "api_key_name" = e."api_key_name"
  FROM "ledger_entries" AS e
  WHERE t."api_key_id" IS NULL AND t."api_key_name" IS NULL AND e."kind" = 'usage'
    AND e."reference" = t."id"::text AND e."api_key_name" IS NOT NULL;
