ALTER TABLE "users" ADD COLUMN "fallback_language" text;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "language_detection" jsonb;