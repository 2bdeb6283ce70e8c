ALTER TABLE "transcriptions" ADD COLUMN "speaker_labels" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "speakers_expected" integer;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "speaker_names" jsonb DEFAULT '{}'::jsonb NOT NULL;