CREATE TABLE "wishlist_items" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wishlist_items_user_added_idx" ON "wishlist_items" USING btree ("user_id","added_at");--> statement-breakpoint
-- Cards show how many reviews a rating averages (decision 048): a change of it is a change of
-- what one product shows, so it joins the product version's trigger (decision 008).
DROP TRIGGER products_product_version ON products;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_product_version
  AFTER UPDATE ON products DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (
    OLD.stock_quantity IS DISTINCT FROM NEW.stock_quantity
    OR OLD.price_paise IS DISTINCT FROM NEW.price_paise
    OR OLD.image_url IS DISTINCT FROM NEW.image_url
    OR OLD.image1 IS DISTINCT FROM NEW.image1
    OR OLD.image2 IS DISTINCT FROM NEW.image2
    OR OLD.product_rating IS DISTINCT FROM NEW.product_rating
    OR OLD.review_count IS DISTINCT FROM NEW.review_count
  ) EXECUTE FUNCTION catalogue_product_row_changed();
--> statement-breakpoint
-- The count of shown reviews, kept with product_rating by reviews.queries.ts from now on.
UPDATE "products" p SET "review_count" = r.n
  FROM (SELECT product_id, count(*)::int AS n FROM reviews WHERE hidden_at IS NULL GROUP BY product_id) r
 WHERE r.product_id = p.id;
