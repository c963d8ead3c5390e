-- Kit launches (decision 070): a drop's products, start, per-fan limit, short holds and COD
-- rule, and the fans who asked to be mailed when it drops.
CREATE TABLE "launch_alerts" (
	"launch_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "launch_alerts_launch_id_user_id_pk" PRIMARY KEY("launch_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "launch_products" (
	"launch_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "launch_products_launch_id_product_id_pk" PRIMARY KEY("launch_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "launches" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"limits_until" timestamp with time zone NOT NULL,
	"per_fan_limit" integer NOT NULL,
	"cod_allowed" boolean DEFAULT false NOT NULL,
	"hold_minutes" integer NOT NULL,
	"canceled_at" timestamp with time zone,
	"alerts_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "launches_limits_after_start" CHECK ("launches"."limits_until" > "launches"."starts_at"),
	CONSTRAINT "launches_per_fan_limit_range" CHECK ("launches"."per_fan_limit" BETWEEN 1 AND 10),
	CONSTRAINT "launches_hold_minutes_range" CHECK ("launches"."hold_minutes" BETWEEN 2 AND 60)
);
--> statement-breakpoint
ALTER TABLE "launch_alerts" ADD CONSTRAINT "launch_alerts_launch_id_launches_id_fk" FOREIGN KEY ("launch_id") REFERENCES "public"."launches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch_alerts" ADD CONSTRAINT "launch_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch_products" ADD CONSTRAINT "launch_products_launch_id_launches_id_fk" FOREIGN KEY ("launch_id") REFERENCES "public"."launches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch_products" ADD CONSTRAINT "launch_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "launch_alerts_user_idx" ON "launch_alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "launch_products_product_idx" ON "launch_products" USING btree ("product_id");