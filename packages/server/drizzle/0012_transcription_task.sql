CREATE TYPE "public"."transcription_task" AS ENUM('transcribe', 'translate');--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "task" "transcription_task" DEFAULT 'transcribe' NOT NULL;