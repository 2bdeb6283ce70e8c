ALTER TYPE "public"."audio_source" ADD VALUE 'live';--> statement-breakpoint
CREATE TABLE "realtime_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "realtime_tokens" ADD CONSTRAINT "realtime_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "realtime_tokens_expires_idx" ON "realtime_tokens" USING btree ("expires_at");