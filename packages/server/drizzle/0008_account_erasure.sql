CREATE TYPE "public"."erasure_kind" AS ENUM('blob', 'payment_customer');--> statement-breakpoint
ALTER TYPE "public"."ledger_kind" ADD VALUE 'dispute';--> statement-breakpoint
CREATE TABLE "signup_bonus_claims" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_erasures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "erasure_kind" NOT NULL,
	"ref" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "owed_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_owed_not_negative" CHECK ("billing_accounts"."owed_micros" >= 0);--> statement-breakpoint
-- Addresses that already had the bonus keep it counted (same normalisation as bonusClaimHash).
INSERT INTO "signup_bonus_claims" ("email_hash", "claimed_at")
SELECT encode(sha256(convert_to(regexp_replace(lower(trim(u."email")), '\+[^@]*@', '@'), 'UTF8')), 'hex'), min(l."created_at")
FROM "ledger_entries" l JOIN "users" u ON u."id" = l."user_id"
WHERE l."kind" = 'signup_bonus'
GROUP BY 1
ON CONFLICT DO NOTHING;
