CREATE TABLE "blocks" (
	"blocker_id" integer NOT NULL,
	"blocked_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
CREATE TABLE "actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"offer_id" bigint NOT NULL,
	"earner_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"type" text NOT NULL,
	"platform" text NOT NULL,
	"points" integer NOT NULL,
	"cost" integer NOT NULL,
	"bonus" integer DEFAULT 0 NOT NULL,
	"sponsored" boolean DEFAULT false NOT NULL,
	"pro_view" boolean DEFAULT false NOT NULL,
	"day" date NOT NULL,
	"status" text DEFAULT 'credited' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "answer_misses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "answer_misses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"earner_id" integer NOT NULL,
	"question" text NOT NULL,
	"answer" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hidden_listings" (
	"session_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	CONSTRAINT "hidden_listings_session_id_listing_id_pk" PRIMARY KEY("session_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "imdb_facts" (
	"page_code" text NOT NULL,
	"question" text NOT NULL,
	"value" integer NOT NULL,
	"source" text NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "imdb_facts_page_code_question_pk" PRIMARY KEY("page_code","question")
);
--> statement-breakpoint
CREATE TABLE "listing_days" (
	"listing_id" integer NOT NULL,
	"day" date NOT NULL,
	"actions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_days_listing_id_day_pk" PRIMARY KEY("listing_id","day")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"earner_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"session_id" integer,
	"points" integer NOT NULL,
	"cost" integer NOT NULL,
	"bonus" integer DEFAULT 0 NOT NULL,
	"pro_view" boolean DEFAULT false NOT NULL,
	"sponsored" boolean DEFAULT false NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "linked_accounts" (
	"user_id" integer NOT NULL,
	"platform" text NOT NULL,
	"handle" text NOT NULL,
	"display_name" text,
	"access_token" text,
	"status" text DEFAULT 'verified' NOT NULL,
	"profile_confirmed" boolean DEFAULT false NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "linked_accounts_user_id_platform_pk" PRIMARY KEY("user_id","platform")
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"platform" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sim_accounts" (
	"platform" text NOT NULL,
	"handle" text NOT NULL,
	"display_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sim_accounts_platform_handle_pk" PRIMARY KEY("platform","handle")
);
--> statement-breakpoint
CREATE TABLE "sim_clicks" (
	"platform" text NOT NULL,
	"actor" text NOT NULL,
	"target" text NOT NULL,
	"kind" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "sim_clicks_platform_actor_target_pk" PRIMARY KEY("platform","actor","target")
);
--> statement-breakpoint
CREATE TABLE "sim_imdb_pages" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"runtime_minutes" integer,
	"credits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"starmeter" integer,
	"summary" text,
	"year" integer,
	"removed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_oauth_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"handle" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sim_profiles" (
	"platform" text NOT NULL,
	"handle" text NOT NULL,
	"external_id" text,
	"display_name" text NOT NULL,
	"bio" text,
	"removed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "sim_profiles_platform_handle_pk" PRIMARY KEY("platform","handle")
);
--> statement-breakpoint
CREATE TABLE "sim_videos" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"channel" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"removed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "featured_on" date;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_earner_id_users_id_fk" FOREIGN KEY ("earner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_misses" ADD CONSTRAINT "answer_misses_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_misses" ADD CONSTRAINT "answer_misses_earner_id_users_id_fk" FOREIGN KEY ("earner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_listings" ADD CONSTRAINT "hidden_listings_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_listings" ADD CONSTRAINT "hidden_listings_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_days" ADD CONSTRAINT "listing_days_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_earner_id_users_id_fk" FOREIGN KEY ("earner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linked_accounts" ADD CONSTRAINT "linked_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE UNIQUE INDEX "actions_offer_idx" ON "actions" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "actions_earner_listing_idx" ON "actions" USING btree ("earner_id","listing_id","created_at");--> statement-breakpoint
CREATE INDEX "actions_earner_created_idx" ON "actions" USING btree ("earner_id","created_at");--> statement-breakpoint
CREATE INDEX "actions_owner_created_idx" ON "actions" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "actions_listing_created_idx" ON "actions" USING btree ("listing_id","created_at");--> statement-breakpoint
CREATE INDEX "actions_missing_idx" ON "actions" USING btree ("earner_id","platform") WHERE "actions"."status" = 'missing';--> statement-breakpoint
CREATE INDEX "answer_misses_listing_idx" ON "answer_misses" USING btree ("listing_id","created_at");--> statement-breakpoint
CREATE INDEX "answer_misses_earner_idx" ON "answer_misses" USING btree ("earner_id","created_at");--> statement-breakpoint
CREATE INDEX "listing_days_day_idx" ON "listing_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "offers_earner_listing_idx" ON "offers" USING btree ("earner_id","listing_id","offered_at");--> statement-breakpoint
CREATE INDEX "sim_profiles_external_idx" ON "sim_profiles" USING btree ("platform","external_id");