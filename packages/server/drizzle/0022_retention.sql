ALTER TABLE "users" ADD COLUMN "keep_audio_days" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "keep_transcripts_days" integer;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "audio_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "delete_audio_after_seconds" integer;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "delete_after_seconds" integer;