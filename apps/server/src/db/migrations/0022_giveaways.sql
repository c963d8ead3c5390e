CREATE TABLE "giveaway_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"giveaway_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"affiliate_id" integer,
	"campaign_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giveaways" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"picture" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"drawn_at" timestamp with time zone,
	"draw_seed" text,
	"winner_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giveaways_slug_unique" UNIQUE("slug"),
	CONSTRAINT "giveaways_slug_format" CHECK ("giveaways"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "giveaways_ends_after_start" CHECK ("giveaways"."ends_at" > "giveaways"."starts_at"),
	CONSTRAINT "giveaways_draw_whole" CHECK (("giveaways"."drawn_at" IS NULL) = ("giveaways"."draw_seed" IS NULL) AND ("giveaways"."drawn_at" IS NULL) = ("giveaways"."winner_entry_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "giveaway_entries" ADD CONSTRAINT "giveaway_entries_giveaway_id_giveaways_id_fk" FOREIGN KEY ("giveaway_id") REFERENCES "public"."giveaways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_entries" ADD CONSTRAINT "giveaway_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_entries" ADD CONSTRAINT "giveaway_entries_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_entries" ADD CONSTRAINT "giveaway_entries_campaign_code_campaign_codes_code_fk" FOREIGN KEY ("campaign_code") REFERENCES "public"."campaign_codes"("code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "giveaway_entries_one_per_shopper" ON "giveaway_entries" USING btree ("giveaway_id","user_id");--> statement-breakpoint
CREATE INDEX "giveaway_entries_user_idx" ON "giveaway_entries" USING btree ("user_id");