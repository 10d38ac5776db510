DROP INDEX "news_comments_user_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "profile_videos_user_code_idx" ON "profile_videos" USING btree ("user_id","code");--> statement-breakpoint
CREATE INDEX "news_comments_user_idx" ON "news_comments" USING btree ("user_id","created_at");