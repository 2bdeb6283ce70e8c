CREATE TYPE "public"."audio_source" AS ENUM('url', 'upload');--> statement-breakpoint
CREATE TYPE "public"."timestamp_style" AS ENUM('none', 'segment', 'word');--> statement-breakpoint
CREATE TYPE "public"."transcription_status" AS ENUM('queued', 'processing', 'completed', 'error');--> statement-breakpoint
CREATE TABLE "transcriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" "transcription_status" DEFAULT 'queued' NOT NULL,
	"model" text NOT NULL,
	"language" text,
	"timestamp_style" timestamp_style DEFAULT 'segment' NOT NULL,
	"source" "audio_source" NOT NULL,
	"audio_url" text,
	"file_name" text,
	"blob_key" text,
	"audio_duration_seconds" double precision,
	"progress_percent" double precision DEFAULT 0 NOT NULL,
	"progress_stage" text,
	"error_message" text,
	"result" jsonb,
	"cost_cents" integer,
	"idempotency_key" text,
	"webhook_url" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_token" uuid,
	"lease_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "transcriptions" ADD CONSTRAINT "transcriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transcriptions_user_created_idx" ON "transcriptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "transcriptions_queued_idx" ON "transcriptions" USING btree ("created_at") WHERE "transcriptions"."status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "transcriptions_user_idempotency_key" ON "transcriptions" USING btree ("user_id","idempotency_key");