CREATE TABLE "board_thread_views" (
	"thread_id" integer PRIMARY KEY NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "board_thread_views" ADD CONSTRAINT "board_thread_views_thread_id_board_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."board_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The views counted so far move with their threads (docs/domain.md BD5).
INSERT INTO "board_thread_views" ("thread_id", "view_count")
SELECT "id", "view_count" FROM "board_threads" WHERE "view_count" > 0;--> statement-breakpoint
ALTER TABLE "board_threads" DROP COLUMN "view_count";