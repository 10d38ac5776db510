CREATE TABLE "onboarding_progress" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"current_step" integer DEFAULT 1 NOT NULL,
	"finished_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "onboarding_progress_step_range" CHECK ("onboarding_progress"."current_step" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "onboarding_steps" (
	"user_id" integer NOT NULL,
	"step" integer NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "onboarding_steps_user_id_step_pk" PRIMARY KEY("user_id","step"),
	CONSTRAINT "onboarding_steps_step_range" CHECK ("onboarding_steps"."step" between 1 and 4)
);
--> statement-breakpoint
ALTER TABLE "onboarding_progress" ADD CONSTRAINT "onboarding_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_steps" ADD CONSTRAINT "onboarding_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;