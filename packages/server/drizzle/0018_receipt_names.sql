ALTER TABLE "billing_accounts" ADD COLUMN "billing_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "billed_to_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "billed_to_email" text;--> statement-breakpoint
-- Purchases made before receipts named anyone: the account as it stands now.
UPDATE "payments" AS p SET "billed_to_name" = u."name", "billed_to_email" = u."email"
  FROM "users" AS u WHERE p."user_id" = u."id";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "billed_to_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "billed_to_email" SET NOT NULL;
