-- Abandoned checkout recovery (decision 065): the owner's settings (one row, off), shoppers'
-- consent to cart reminders, when each reached checkout, one reminder per cart; a coupon
-- may be for one shopper only; an outbox mail may be canceled (no longer due at send time).
CREATE TABLE "cart_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"cart_key" text NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	"outbox_id" bigint,
	"coupon_id" integer,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_reminders_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "cart_reminders_cart_uq" UNIQUE("user_id","cart_key")
);
--> statement-breakpoint
CREATE TABLE "checkout_visits" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	"swept_visit_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recovery_consents" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"wording" text NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_via" text
);
--> statement-breakpoint
CREATE TABLE "recovery_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"wait_minutes" integer DEFAULT 60 NOT NULL,
	"coupon_kind" text,
	"coupon_value" integer,
	"coupon_valid_days" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recovery_settings_one_row" CHECK ("recovery_settings"."id" = 1),
	CONSTRAINT "recovery_settings_wait_valid" CHECK ("recovery_settings"."wait_minutes" BETWEEN 1 AND 10080),
	CONSTRAINT "recovery_settings_coupon_valid" CHECK (("recovery_settings"."coupon_kind" IS NULL AND "recovery_settings"."coupon_value" IS NULL)
          OR ("recovery_settings"."coupon_kind" = 'flat' AND "recovery_settings"."coupon_value" > 0)
          OR ("recovery_settings"."coupon_kind" = 'percent' AND "recovery_settings"."coupon_value" BETWEEN 1 AND 100)),
	CONSTRAINT "recovery_settings_days_valid" CHECK ("recovery_settings"."coupon_valid_days" BETWEEN 1 AND 90)
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_status_valid";--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "for_user_id" integer;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_visits" ADD CONSTRAINT "checkout_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_consents" ADD CONSTRAINT "recovery_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_reminders_created_idx" ON "cart_reminders" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_for_user_id_users_id_fk" FOREIGN KEY ("for_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_valid" CHECK ("outbox"."status" IN ('pending', 'sent', 'dead', 'canceled'));--> statement-breakpoint
INSERT INTO "recovery_settings" ("id") VALUES (1);
