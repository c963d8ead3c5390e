ALTER TABLE "launches" ADD COLUMN "restock_mailed_at" timestamp with time zone;--> statement-breakpoint
-- Issue 42 item 4: a piece that comes back while a kit launch holds its jersey (a hold that
-- ran out, a canceled order, stock the owner adds for the drop) is the next admitted fan's,
-- so it mails no "back in stock" request while the launch is upcoming or its limits are on.
-- When its limits end or it is canceled, the order sweep mails the requests of sizes in stock
-- then (launches.restock_mailed_at). Launches already over or canceled count as done.
UPDATE "launches" SET "restock_mailed_at" = now()
 WHERE "canceled_at" IS NOT NULL OR "limits_until" <= now();--> statement-breakpoint
-- 0032's mail, now callable by the sweep too: one mail per confirmed waiting request, once.
CREATE OR REPLACE FUNCTION back_in_stock_mail(p_product integer, p_size text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH due AS (
    UPDATE back_in_stock_requests SET notified_at = now()
     WHERE product_id = p_product AND size = p_size AND notified_at IS NULL
       AND confirmed_at IS NOT NULL
    RETURNING id, email
  )
  INSERT INTO outbox (template, recipient, data, dedupe_key)
  SELECT 'back-in-stock', due.email,
         jsonb_build_object('product_id', p.id, 'name', p.name, 'size', p_size),
         'back-in-stock:' || due.id
    FROM due JOIN products p ON p.id = p_product
  ON CONFLICT (dedupe_key) DO NOTHING;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION back_in_stock_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM launch_products lp JOIN launches l ON l.id = lp.launch_id
                  WHERE lp.product_id = NEW.product_id AND l.canceled_at IS NULL
                    AND l.limits_until > now()) THEN
    PERFORM back_in_stock_mail(NEW.product_id, NEW.size);
  END IF;
  RETURN NULL;
END
$$;
