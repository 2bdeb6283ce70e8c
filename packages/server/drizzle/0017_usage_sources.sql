ALTER TABLE "ledger_entries" ADD COLUMN "api_key_name" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "audio_source" "audio_source";--> statement-breakpoint
-- Usage booked before this migration: the key's name and the job's source, where they still exist.
UPDATE "ledger_entries" AS e SET "api_key_name" = k."name"
  FROM "api_keys" AS k WHERE e."kind" = 'usage' AND e."api_key_id" = k."id";--> statement-breakpoint
UPDATE "ledger_entries" AS e SET "audio_source" = t."source"
  FROM "transcriptions" AS t WHERE e."kind" = 'usage' AND e."reference" = t."id"::text;
