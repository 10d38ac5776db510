ALTER TABLE "alerts" ADD COLUMN "actor_id" integer;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_sender_recent_idx" ON "messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "alerts_actor_idx" ON "alerts" USING btree ("actor_id") WHERE "alerts"."actor_id" is not null;