CREATE TABLE "chat_conversations" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"last_message_id" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"waiting" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"from_support" boolean NOT NULL,
	"staff_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "faqs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"position" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"staff_id" integer,
	"body" text NOT NULL,
	"image" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "help_requests_status_check" CHECK ("help_requests"."status" in ('Pending', 'Awaiting Response', 'Closed'))
);
--> statement-breakpoint
CREATE TABLE "help_status_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_status_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"changed_by" integer,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_last_message_id_chat_messages_id_fk" FOREIGN KEY ("last_message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_messages" ADD CONSTRAINT "help_messages_request_id_help_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."help_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_messages" ADD CONSTRAINT "help_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_messages" ADD CONSTRAINT "help_messages_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_requests" ADD CONSTRAINT "help_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_status_changes" ADD CONSTRAINT "help_status_changes_request_id_help_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."help_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_status_changes" ADD CONSTRAINT "help_status_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_conversations_recent_idx" ON "chat_conversations" USING btree ("last_at");--> statement-breakpoint
CREATE INDEX "chat_messages_member_idx" ON "chat_messages" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_staff_idx" ON "chat_messages" USING btree ("staff_id") WHERE "chat_messages"."staff_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "faqs_position_idx" ON "faqs" USING btree ("position");--> statement-breakpoint
CREATE INDEX "help_messages_request_idx" ON "help_messages" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "help_messages_staff_idx" ON "help_messages" USING btree ("staff_id") WHERE "help_messages"."staff_id" is not null;--> statement-breakpoint
CREATE INDEX "help_requests_user_idx" ON "help_requests" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "help_requests_status_idx" ON "help_requests" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX "help_requests_updated_idx" ON "help_requests" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "help_status_changes_request_idx" ON "help_status_changes" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "help_status_changes_by_idx" ON "help_status_changes" USING btree ("changed_by") WHERE "help_status_changes"."changed_by" is not null;--> statement-breakpoint
-- The help center's FAQs (H7): operator content every installation starts with.
INSERT INTO "faqs" ("position", "question", "answer") VALUES
  (1, 'How do I earn points?', 'Open Earn Points on your dashboard and act on other members'' listings: view an IMDb page and answer its question, follow a Twitter profile, like a Facebook page or watch a YouTube video. Each action pays the points its owner set, straight to your balance.'),
  (2, 'How do I spend my points?', 'Add a listing under My Listings on your dashboard and choose how many points each action pays. Other members then view, follow, like or watch it, and each action is paid from your balance.'),
  (3, 'Why did my IMDb answer not count?', 'The number you give must match the page within 2. Title pages ask the running time in minutes (0 when none is listed); name pages ask the number of credits in the category shown. If you are sure you were right, tell us in a help request with the page address.'),
  (4, 'How many actions can I do each day?', 'Free members have 20 daily actions, Premium and Pro members 60, plus more for each qualified referral. The count starts again at midnight Pacific time.'),
  (5, 'What do Premium and Pro add?', 'Premium gives 60 daily actions, unlimited listings and photos, new board topics, direct messages and the Exchange. Pro adds the browser extension, historical rank tracking and no ads. See the Membership page for prices.'),
  (6, 'How do I cancel or change my membership?', 'The Membership page shows your membership and lets you stop its renewal; a cancelled membership keeps working until the end of the time you paid for.'),
  (7, 'Someone did not really follow or like my listing. What can I do?', 'Every follow and like is checked with the platform, and the points of one the platform does not show are held back. If you still see a problem, open a help request and name the member.'),
  (8, 'How soon will support answer me?', 'We reply to every help request within 24 hours. When we answer, the request shows Awaiting Your Response and we send you an alert and an email. Reply in the request any time, or chat with us live while you are on the help pages.');
