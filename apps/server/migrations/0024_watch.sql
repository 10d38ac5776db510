CREATE TABLE "event_participants" (
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_participants_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category" text NOT NULL,
	"title" text NOT NULL,
	"posted_by" integer NOT NULL,
	"day" date NOT NULL,
	"starts_at" timestamp with time zone,
	"channel" text DEFAULT '' NOT NULL,
	"channel_url" text DEFAULT '' NOT NULL,
	"imdb_url" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "events_category_known" CHECK ("events"."category" in ('tv', 'newmedia', 'premiere', 'release', 'other')),
	CONSTRAINT "events_time_by_category" CHECK (("events"."category" = 'release') = ("events"."starts_at" is null))
);
--> statement-breakpoint
ALTER TABLE "event_participants" ADD CONSTRAINT "event_participants_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_participants" ADD CONSTRAINT "event_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_participants_user_idx" ON "event_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "events_day_idx" ON "events" USING btree ("day","starts_at" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "events_posted_by_idx" ON "events" USING btree ("posted_by");