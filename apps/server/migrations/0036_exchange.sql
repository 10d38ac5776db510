CREATE TABLE "imdb_exchange_listings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"allowed" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instagram_listings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"handle" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"image" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instagram_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"reputation" integer DEFAULT 600 NOT NULL,
	"rep_limit" integer DEFAULT 500 NOT NULL,
	CONSTRAINT "instagram_members_reputation_range" CHECK ("instagram_members"."reputation" between 0 and 1000)
);
--> statement-breakpoint
CREATE TABLE "instagram_swaps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "instagram_swaps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"initiator_id" integer NOT NULL,
	"receiver_id" integer NOT NULL,
	"status1" text NOT NULL,
	"status2" text,
	"acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "actions" ADD COLUMN "exchange" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "exchange" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "imdb_exchange_listings" ADD CONSTRAINT "imdb_exchange_listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imdb_exchange_listings" ADD CONSTRAINT "imdb_exchange_listings_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_listings" ADD CONSTRAINT "instagram_listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_members" ADD CONSTRAINT "instagram_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_swaps" ADD CONSTRAINT "instagram_swaps_initiator_id_users_id_fk" FOREIGN KEY ("initiator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_swaps" ADD CONSTRAINT "instagram_swaps_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imdb_exchange_listings_allowed_idx" ON "imdb_exchange_listings" USING btree ("listing_id") WHERE "imdb_exchange_listings"."allowed" = 1;--> statement-breakpoint
CREATE INDEX "instagram_listings_created_idx" ON "instagram_listings" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "instagram_swaps_pair_idx" ON "instagram_swaps" USING btree (least("initiator_id", "receiver_id"),greatest("initiator_id", "receiver_id"));--> statement-breakpoint
CREATE INDEX "instagram_swaps_initiator_idx" ON "instagram_swaps" USING btree ("initiator_id","updated_at");--> statement-breakpoint
CREATE INDEX "instagram_swaps_receiver_idx" ON "instagram_swaps" USING btree ("receiver_id","updated_at");--> statement-breakpoint
CREATE INDEX "actions_exchange_earner_idx" ON "actions" USING btree ("earner_id","created_at") WHERE "actions"."exchange";--> statement-breakpoint
CREATE INDEX "actions_exchange_owner_idx" ON "actions" USING btree ("owner_id","created_at") WHERE "actions"."exchange";