ALTER TABLE "listings" ADD COLUMN "sponsor_left" boolean GENERATED ALWAYS AS (sponsor_used < sponsor_bought and not sponsor_paused) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "acted_on" date;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "acted_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "listings" l SET "acted_on" = d."day", "acted_count" = d."actions"
  FROM (SELECT DISTINCT ON ("listing_id") "listing_id", "day", "actions" FROM "listing_days" ORDER BY "listing_id", "day" DESC) d
  WHERE d."listing_id" = l."id";--> statement-breakpoint
DROP TABLE "listing_days" CASCADE;--> statement-breakpoint
DROP INDEX "listings_sponsored_pick_idx";--> statement-breakpoint
DROP INDEX "listings_offer_pick_idx";--> statement-breakpoint
CREATE INDEX "listings_acted_pick_idx" ON "listings" USING btree ("type","sponsor_left","give","acted_on","acted_count") WHERE "listings"."status" = 'active' and "listings"."give" > 0 and "listings"."changing_to" is null;--> statement-breakpoint
CREATE INDEX "listings_offer_pick_idx" ON "listings" USING btree ("type","sponsor_left","give","id") WHERE "listings"."status" = 'active' and "listings"."give" > 0 and "listings"."changing_to" is null;
