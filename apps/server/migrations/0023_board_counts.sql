DROP INDEX "board_threads_category_idx";--> statement-breakpoint
ALTER TABLE "board_categories" ADD COLUMN "topic_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "board_categories" ADD COLUMN "post_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "board_posts" ADD COLUMN "media_title" text;--> statement-breakpoint
CREATE INDEX "board_posts_user_idx" ON "board_posts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "board_threads_user_idx" ON "board_threads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "board_threads_category_idx" ON "board_threads" USING btree ("category","last_post_at","id");--> statement-breakpoint
-- The board's categories are operator data (docs/domain.md BD1): every installation starts with
-- these, demo or not; staff may change names and descriptions later.
INSERT INTO "board_categories" ("category", "long_name", "description", "position")
VALUES
  ('casting', 'Casting', 'Auditions, self-tapes, agents and finding the right role.', 0),
  ('crew-calls', 'Crew Calls', 'Productions looking for crew, and crew looking for work.', 1),
  ('screenwriting', 'Screenwriting', 'Drafts, notes, contests and getting scripts read.', 2),
  ('festivals', 'Festivals', 'Submissions, premieres, screenings and what to expect.', 3),
  ('gear', 'Gear', 'Cameras, lenses, lights, sound and the kit that gets the shot.', 4),
  ('post-production', 'Post-Production', 'Editing, colour, the sound mix, VFX and delivery.', 5),
  ('imdb-starmeter', 'IMDb & STARmeter', 'Credits, your IMDb page, the STARmeter and being found.', 6),
  ('general', 'General', 'Everything else about working in film and TV.', 7)
ON CONFLICT ("category") DO UPDATE SET "position" = excluded."position";
--> statement-breakpoint
-- Counts for a board that has threads already (BD4).
UPDATE "board_categories" c SET
  "topic_count" = (SELECT count(*)::int FROM "board_threads" t WHERE t."category" = c."category"),
  "post_count" = (SELECT coalesce(sum(t."reply_count" + 1), 0)::int FROM "board_threads" t WHERE t."category" = c."category");
