CREATE TABLE "product_printing" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"name_paise" integer DEFAULT 0 NOT NULL,
	"number_paise" integer DEFAULT 0 NOT NULL,
	"patch_paise" integer,
	"colour" text DEFAULT '#FFFFFF' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_printing_prices_valid" CHECK ("product_printing"."name_paise" >= 0 AND "product_printing"."number_paise" >= 0 AND ("product_printing"."patch_paise" IS NULL OR "product_printing"."patch_paise" >= 0)),
	CONSTRAINT "product_printing_colour_valid" CHECK ("product_printing"."colour" ~ '^#[0-9A-F]{6}$')
);
--> statement-breakpoint
DROP INDEX "order_items_order_product_size_uq";--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_user_id_product_id_size_pk";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "print_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "print_number" smallint;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "print_patch" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "print_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "print_number" smallint;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "print_patch" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "print_price_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_printing" ADD CONSTRAINT "product_printing_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_line_uq" UNIQUE NULLS NOT DISTINCT("user_id","product_id","size","print_name","print_number","print_patch");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_line_uq" UNIQUE NULLS NOT DISTINCT("order_id","product_id","size","print_name","print_number","print_patch");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_print_valid" CHECK (length("cart_items"."print_name") <= 12 AND ("cart_items"."print_number" IS NULL OR "cart_items"."print_number" BETWEEN 0 AND 99));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_print_price_valid" CHECK ("order_items"."print_price_paise" >= 0 AND "order_items"."print_price_paise" <= "order_items"."unit_price_paise");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_print_valid" CHECK (length("order_items"."print_name") <= 12 AND ("order_items"."print_number" IS NULL OR "order_items"."print_number" BETWEEN 0 AND 99));--> statement-breakpoint
-- A product's printing is part of its page (product.php): a change is logged as a change of
-- the product, so every server drops that product's kept answer (migration 0005).
CREATE CONSTRAINT TRIGGER product_printing_product_version
  AFTER INSERT OR UPDATE OR DELETE ON "product_printing" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION catalogue_product_row_changed();
