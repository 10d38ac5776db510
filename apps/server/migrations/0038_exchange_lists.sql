DROP INDEX "imdb_exchange_listings_allowed_idx";--> statement-breakpoint
DROP INDEX "instagram_listings_created_idx";--> statement-breakpoint
ALTER TABLE "instagram_listings" ADD COLUMN "reputation" integer DEFAULT 600 NOT NULL;--> statement-breakpoint
ALTER TABLE "instagram_listings" ADD COLUMN "rep_limit" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
UPDATE "instagram_listings" SET "reputation" = m."reputation", "rep_limit" = m."rep_limit" FROM "instagram_members" m WHERE m."user_id" = "instagram_listings"."user_id";--> statement-breakpoint
CREATE INDEX "imdb_exchange_listings_listing_idx" ON "imdb_exchange_listings" USING btree ("listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "instagram_listings_handle_idx" ON "instagram_listings" USING btree ("handle");--> statement-breakpoint
CREATE INDEX "instagram_listings_pick_idx" ON "instagram_listings" USING btree ("rep_limit","reputation" DESC NULLS LAST,"created_at" DESC NULLS LAST,"user_id" DESC NULLS LAST);