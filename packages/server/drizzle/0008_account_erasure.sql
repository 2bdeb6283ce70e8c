CREATE TYPE "public"."reversal_kind" AS ENUM('refund', 'dispute');--> statement-breakpoint
CREATE TYPE "public"."reversal_state" AS ENUM('taken', 'returned');--> statement-breakpoint
CREATE TYPE "public"."erasure_kind" AS ENUM('blob', 'payment_customer');--> statement-breakpoint
ALTER TYPE "public"."ledger_kind" ADD VALUE 'dispute';--> statement-breakpoint
CREATE TABLE "payment_reversals" (
	"reference" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"kind" "reversal_kind" NOT NULL,
	"amount_micros" bigint NOT NULL,
	"state" "reversal_state" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_reversals_payment_idx" ON "payment_reversals" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_owed_not_negative" CHECK ("billing_accounts"."owed_micros" >= 0);--> statement-breakpoint
-- Addresses that already had the bonus keep it counted (the same normalisation as bonusClaimHash).
INSERT INTO "signup_bonus_claims" ("email_hash", "claimed_at")
SELECT encode(sha256(convert_to(
         CASE WHEN a."domain" IN ('gmail.com', 'googlemail.com')
              THEN replace(a."local", '.', '') || '@gmail.com'
              ELSE a."local" || '@' || a."domain" END, 'UTF8')), 'hex'),
       min(a."created_at")
FROM (
  SELECT regexp_replace(substr(e, 1, strpos(e, '@') - 1), '\+.*$', '') AS "local",
         substr(e, strpos(e, '@') + 1) AS "domain",
         l."created_at"
  FROM "ledger_entries" l
  JOIN "users" u ON u."id" = l."user_id"
  CROSS JOIN LATERAL (SELECT lower(trim(u."email")) AS e) n
  WHERE l."kind" = 'signup_bonus'
) a
GROUP BY 1
ON CONFLICT DO NOTHING;
