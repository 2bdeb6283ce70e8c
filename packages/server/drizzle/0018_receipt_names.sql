ALTER TABLE "billing_accounts" ADD COLUMN "billing_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "billed_to_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "billed_to_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Purchases made before receipts named anyone: the account as it stands now. (The default lets a
-- process still running the previous release insert payments during a rolling deploy.)
UPDATE "payments" AS p SET "billed_to_name" = u."name", "billed_to_email" = u."email"
  FROM "users" AS u WHERE p."user_id" = u."id";
