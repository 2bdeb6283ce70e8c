ALTER TABLE "api_keys" ADD COLUMN "monthly_limit_micros" bigint;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "monthly_limit_micros" bigint;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD CONSTRAINT "transcriptions_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transcriptions_api_key_completed_idx" ON "transcriptions" USING btree ("api_key_id","completed_at") WHERE "transcriptions"."api_key_id" is not null;