ALTER TABLE "billing_accounts" RENAME COLUMN "balance_cents" TO "balance_micros";--> statement-breakpoint
ALTER TABLE "ledger_entries" RENAME COLUMN "amount_cents" TO "amount_micros";--> statement-breakpoint
ALTER TABLE "ledger_entries" RENAME COLUMN "balance_after_cents" TO "balance_after_micros";--> statement-breakpoint
ALTER TABLE "payments" RENAME COLUMN "amount_cents" TO "amount_micros";--> statement-breakpoint
ALTER TABLE "transcriptions" RENAME COLUMN "cost_cents" TO "cost_micros";--> statement-breakpoint
ALTER TABLE "billing_accounts" DROP CONSTRAINT "billing_accounts_balance_not_negative";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_balance_not_negative";--> statement-breakpoint
-- Cents → micro-dollars, exactly: widen to bigint before multiplying (int4 overflows past $2,147).
ALTER TABLE "billing_accounts" ALTER COLUMN "balance_micros" SET DATA TYPE bigint USING "balance_micros"::bigint * 10000;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "amount_micros" SET DATA TYPE bigint USING "amount_micros"::bigint * 10000;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "balance_after_micros" SET DATA TYPE bigint USING "balance_after_micros"::bigint * 10000;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount_micros" SET DATA TYPE bigint USING "amount_micros"::bigint * 10000;--> statement-breakpoint
ALTER TABLE "transcriptions" ALTER COLUMN "cost_micros" SET DATA TYPE bigint USING "cost_micros"::bigint * 10000;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_balance_not_negative" CHECK ("billing_accounts"."balance_micros" >= 0);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_balance_not_negative" CHECK ("ledger_entries"."balance_after_micros" >= 0);
