-- Codes mailed before this migration are bound to no password: dropped, the user registers again.
DELETE FROM "email_codes";--> statement-breakpoint
ALTER TABLE "email_codes" DROP CONSTRAINT "email_codes_pkey";--> statement-breakpoint
ALTER TABLE "email_codes" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "email_codes" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "email_codes" ADD COLUMN "password_hash" text;--> statement-breakpoint
CREATE INDEX "email_codes_user_id_idx" ON "email_codes" USING btree ("user_id");
