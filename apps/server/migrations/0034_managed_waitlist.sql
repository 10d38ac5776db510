CREATE TABLE "managed_waitlist" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"selection" integer NOT NULL,
	"status" text DEFAULT 'waitlisted' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "managed_waitlist_created_idx" ON "managed_waitlist" USING btree ("created_at");