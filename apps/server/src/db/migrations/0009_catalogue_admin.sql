-- The back office's catalogue (issue 17): product status, HSN code and low-stock threshold;
-- the stock ledger; team and player profiles as data; reviews hidden and feedback handled by
-- staff; the shop's own details as settings.
CREATE TABLE "shop_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"pincode" text NOT NULL,
	"gstin" text DEFAULT '' NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"support_hours" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_single_row" CHECK ("shop_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "stock_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"size" text NOT NULL,
	"delta" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" integer,
	"staff_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_ledger_reason_valid" CHECK ("stock_ledger"."reason" IN ('hold', 'release', 'sale', 'restock', 'adjustment', 'return', 'exchange', 'import')),
	CONSTRAINT "stock_ledger_stock_after_nonnegative" CHECK ("stock_ledger"."stock_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "handled_by" integer;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "shirt_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "bio" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "career_goals" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "trophies" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "color_primary" text DEFAULT '#111827' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "color_secondary" text DEFAULT '#e5e7eb' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "featured_position" smallint;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_code" text DEFAULT '6109' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_threshold" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "short_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "founded" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "stadium" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "bio" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "trophies" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "league_titles" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "color_primary" text DEFAULT '#111827' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "color_secondary" text DEFAULT '#e5e7eb' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "featured_position" smallint;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_ledger_product_idx" ON "stock_ledger" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "stock_ledger_order_idx" ON "stock_ledger" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_handled_by_staff_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "players_featured_position_uq" ON "players" USING btree ("featured_position");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_featured_position_uq" ON "teams" USING btree ("featured_position");--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_colors_valid" CHECK ("players"."color_primary" ~ '^#[0-9a-f]{6}$' AND "players"."color_secondary" ~ '^#[0-9a-f]{6}$');--> statement-breakpoint
-- Products that were not sold are archived, so that active = (status = 'active') holds.
UPDATE "products" SET "status" = 'archived' WHERE NOT "active";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_valid" CHECK ("products"."status" IN ('draft', 'active', 'archived'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_active_is_status" CHECK ("products"."active" = ("products"."status" = 'active'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hsn_valid" CHECK ("products"."hsn_code" ~ '^[0-9]{4}([0-9]{2}){0,2}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_valid" CHECK ("products"."low_stock_threshold" >= 0);--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_colors_valid" CHECK ("teams"."color_primary" ~ '^#[0-9a-f]{6}$' AND "teams"."color_secondary" ~ '^#[0-9a-f]{6}$');--> statement-breakpoint
-- The details the shop showed before they were settings; the owner edits them in the back office.
INSERT INTO "shop_settings" ("id", "legal_name", "address", "city", "state", "pincode", "gstin", "phone", "email", "support_hours")
VALUES (1, 'Kitroom Sportswear', E'2nd Floor, Mavoor Road', 'Kozhikode', 'Kerala', '673004', '', '+91 495 272 1100', 'support@kitroom.in', 'Monday to Saturday, 10 AM to 8 PM (closed Sunday)')
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
-- Every page's footer shows the settings, so a change drops every cached page, as a catalogue
-- change does (docs/decisions/006).
CREATE CONSTRAINT TRIGGER shop_settings_catalogue_version
  AFTER INSERT OR UPDATE OR DELETE ON shop_settings DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION catalogue_version_bump();
