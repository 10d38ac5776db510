ALTER TABLE "answer_misses" ADD COLUMN "offer_id" bigint;--> statement-breakpoint
ALTER TABLE "answer_misses" ADD CONSTRAINT "answer_misses_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answer_misses_offer_idx" ON "answer_misses" USING btree ("offer_id");