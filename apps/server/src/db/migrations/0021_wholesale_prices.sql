CREATE TABLE "wholesale_price_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_order_paise" integer DEFAULT 0 NOT NULL,
	"min_order_pieces" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wholesale_price_lists_name_unique" UNIQUE("name"),
	CONSTRAINT "wholesale_price_lists_minimums" CHECK ("wholesale_price_lists"."min_order_paise" >= 0 AND "wholesale_price_lists"."min_order_pieces" >= 0)
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "stacks_with_wholesale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wholesale_applications" ADD COLUMN "price_list_id" integer;--> statement-breakpoint
ALTER TABLE "wholesale_applications" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "wholesale_applications" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wholesale_applications" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "wholesale_applications" ADD CONSTRAINT "wholesale_applications_price_list_id_wholesale_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."wholesale_price_lists"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_applications" ADD CONSTRAINT "wholesale_applications_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;