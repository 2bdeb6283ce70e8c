ALTER TABLE "api_keys" ADD COLUMN "monthly_limit_micros" bigint;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "monthly_limit_micros" bigint;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "realtime_tokens" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realtime_tokens" ADD CONSTRAINT "realtime_tokens_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD CONSTRAINT "transcriptions_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;