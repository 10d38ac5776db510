CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "special_dismissals" (
	"session_id" integer NOT NULL,
	"special_id" integer NOT NULL,
	CONSTRAINT "special_dismissals_session_id_special_id_pk" PRIMARY KEY("session_id","special_id")
);
--> statement-breakpoint
CREATE TABLE "specials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "specials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cta" text NOT NULL,
	"types" text NOT NULL,
	"minimum" integer NOT NULL,
	"maximum" integer NOT NULL,
	"price_pennies" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "starmeter_weeks" (
	"user_id" integer NOT NULL,
	"week_ending" date NOT NULL,
	"rank" integer NOT NULL,
	CONSTRAINT "starmeter_weeks_user_id_week_ending_pk" PRIMARY KEY("user_id","week_ending")
);
--> statement-breakpoint
ALTER TABLE "purchases" ALTER COLUMN "level" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pro_minimum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pro_bonus" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "listing_id" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "quantity" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "special_id" integer;--> statement-breakpoint
ALTER TABLE "special_dismissals" ADD CONSTRAINT "special_dismissals_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_dismissals" ADD CONSTRAINT "special_dismissals_special_id_specials_id_fk" FOREIGN KEY ("special_id") REFERENCES "public"."specials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "starmeter_weeks" ADD CONSTRAINT "starmeter_weeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "specials_running_idx" ON "specials" USING btree ("ends_at","starts_at");--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_special_id_specials_id_fk" FOREIGN KEY ("special_id") REFERENCES "public"."specials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_sponsored_idx" ON "purchases" USING btree ("paid_at") WHERE "purchases"."kind" = 'sponsored';