CREATE TABLE "managed_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "managed_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"selection" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "managed_setups" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"nm_code" text NOT NULL,
	"selection" integer NOT NULL,
	"rank1" integer,
	"rank2" integer,
	"rank3" integer,
	"rank4" integer,
	"views1" integer,
	"views2" integer,
	"views3" integer,
	"views4" integer,
	"has_picture" boolean NOT NULL,
	"unsub_code" text NOT NULL,
	"set_up_by" integer,
	"set_up_at" timestamp with time zone NOT NULL,
	CONSTRAINT "managed_setups_unsubCode_unique" UNIQUE("unsub_code")
);
--> statement-breakpoint
CREATE TABLE "managed_weeks" (
	"user_id" integer NOT NULL,
	"week_ending" date NOT NULL,
	"listing_id" integer,
	"selection" integer NOT NULL,
	"target" integer NOT NULL,
	"views_granted" integer NOT NULL,
	"rank" integer,
	"rank_read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "managed_weeks_user_id_week_ending_pk" PRIMARY KEY("user_id","week_ending")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "tier" integer;--> statement-breakpoint
ALTER TABLE "managed_invitations" ADD CONSTRAINT "managed_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managed_setups" ADD CONSTRAINT "managed_setups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managed_setups" ADD CONSTRAINT "managed_setups_set_up_by_users_id_fk" FOREIGN KEY ("set_up_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managed_weeks" ADD CONSTRAINT "managed_weeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managed_weeks" ADD CONSTRAINT "managed_weeks_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "managed_invitations_code_idx" ON "managed_invitations" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "managed_invitations_user_idx" ON "managed_invitations" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "managed_weeks_unread_idx" ON "managed_weeks" USING btree ("week_ending") WHERE "managed_weeks"."rank" is null;