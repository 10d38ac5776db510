ALTER TABLE "referral_rewards" ADD COLUMN "status" text DEFAULT 'released' NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "referral_rewards_pending_idx" ON "referral_rewards" USING btree ("created_at") WHERE "referral_rewards"."status" = 'pending';