-- The kit launch waiting room (decision 070): when it opens, how fast fans are admitted and for
-- how long, and the places (one per account and per browser, numbered by arrival).
CREATE TABLE "launch_queue" (
	"launch_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"position" integer NOT NULL,
	"browser_key" text NOT NULL,
	"ip" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "launch_queue_launch_id_user_id_pk" PRIMARY KEY("launch_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "launches" ADD COLUMN "queue_opens_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "launches" ADD COLUMN "admit_per_minute" integer DEFAULT 300 NOT NULL;--> statement-breakpoint
ALTER TABLE "launches" ADD COLUMN "turn_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "launches" ADD COLUMN "queue_length" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "launch_queue" ADD CONSTRAINT "launch_queue_launch_id_launches_id_fk" FOREIGN KEY ("launch_id") REFERENCES "public"."launches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch_queue" ADD CONSTRAINT "launch_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "launch_queue_position_uq" ON "launch_queue" USING btree ("launch_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "launch_queue_browser_uq" ON "launch_queue" USING btree ("launch_id","browser_key");--> statement-breakpoint
CREATE INDEX "launch_queue_ip_idx" ON "launch_queue" USING btree ("launch_id","ip");--> statement-breakpoint
ALTER TABLE "launches" ADD CONSTRAINT "launches_queue_opens_range" CHECK ("launches"."queue_opens_minutes" BETWEEN 0 AND 120);--> statement-breakpoint
ALTER TABLE "launches" ADD CONSTRAINT "launches_admit_per_minute_range" CHECK ("launches"."admit_per_minute" BETWEEN 10 AND 6000);--> statement-breakpoint
ALTER TABLE "launches" ADD CONSTRAINT "launches_turn_minutes_range" CHECK ("launches"."turn_minutes" BETWEEN 5 AND 60);