-- Room on every page for the rows a credit updates (D5.7): a member's balance and today's count
-- change on every credit, and an update that finds room on its row's page and changes no indexed
-- column is written in place (a heap-only update) instead of adding an entry to each of the table's
-- indexes (seventeen on users). Pages already full get the room as they are rewritten or vacuumed.
ALTER TABLE "users" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "daily_actions" SET (fillfactor = 80);
