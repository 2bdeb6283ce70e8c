ALTER TABLE "transcriptions" ADD COLUMN "api_key_name" text;--> statement-breakpoint
-- Jobs sent before this migration: the name of their key where it still exists (a key deleted
-- before it left no trace, so those jobs read as the web app's).
UPDATE "transcriptions" AS t SET "api_key_name" = k."name"
  FROM "api_keys" AS k WHERE t."api_key_id" = k."id";
