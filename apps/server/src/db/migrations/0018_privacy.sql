CREATE TABLE "account_erasures" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"waiting_reason" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "account_erasures_state_valid" CHECK ("account_erasures"."state" IN ('waiting', 'done'))
);
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "grievance_officer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "grievance_officer_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_erasures" ADD CONSTRAINT "account_erasures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_erasures_user_uq" ON "account_erasures" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "account_erasures_waiting_idx" ON "account_erasures" USING btree ("requested_at") WHERE "account_erasures"."state" = 'waiting';