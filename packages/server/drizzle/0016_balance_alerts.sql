ALTER TABLE "billing_accounts" ADD COLUMN "auto_top_up_threshold_micros" bigint;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "auto_top_up_amount_micros" bigint;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "auto_top_up_attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "auto_top_up_failure" text;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "low_balance_alert_micros" bigint;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "low_balance_alerted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_auto_top_up_whole" CHECK (("billing_accounts"."auto_top_up_threshold_micros" IS NULL) = ("billing_accounts"."auto_top_up_amount_micros" IS NULL));