CREATE TABLE "ledger_checks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ok" boolean NOT NULL,
	"problems" jsonb NOT NULL,
	"accounts" integer NOT NULL,
	"entries" integer NOT NULL,
	"admin_id" integer,
	"source" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_daily_figures" (
	"day" date PRIMARY KEY NOT NULL,
	"imdb_views" integer NOT NULL,
	"youtube_views" integer NOT NULL,
	"follows" integer NOT NULL,
	"likes" integer NOT NULL,
	"income_pennies" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_audit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"admin_id" integer NOT NULL,
	"action" text NOT NULL,
	"summary" text NOT NULL,
	"user_id" integer,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "amount_pennies" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "sold" text;--> statement-breakpoint
CREATE INDEX "admin_audit_created_idx" ON "admin_audit" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_audit_user_idx" ON "admin_audit" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "actions_day_type_idx" ON "actions" USING btree ("day","type");--> statement-breakpoint
CREATE INDEX "users_premium_expires_idx" ON "users" USING btree ("premium_expires") WHERE "users"."premium_expires" is not null;--> statement-breakpoint
CREATE INDEX "users_pro_expires_idx" ON "users" USING btree ("pro_expires") WHERE "users"."pro_expires" is not null;--> statement-breakpoint
CREATE INDEX "payment_events_money_idx" ON "payment_events" USING btree ("received_at") WHERE "payment_events"."amount_pennies" <> 0;