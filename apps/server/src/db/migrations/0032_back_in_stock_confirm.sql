-- Notify me confirms a guest's address first (issue 36 item 14, decision 047): a guest's
-- sign-up waits unconfirmed with a hashed one-time token until the mailed link is opened, and
-- the restock trigger of 0020 now mails confirmed requests only. Sign-ups made before this
-- were taken under the old rule and stay due: they count as confirmed when they were made.
ALTER TABLE "back_in_stock_requests" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "back_in_stock_requests" SET "confirmed_at" = "created_at";--> statement-breakpoint
CREATE OR REPLACE FUNCTION back_in_stock_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH due AS (
    UPDATE back_in_stock_requests SET notified_at = now()
     WHERE product_id = NEW.product_id AND size = NEW.size AND notified_at IS NULL
       AND confirmed_at IS NOT NULL
    RETURNING id, email
  )
  INSERT INTO outbox (template, recipient, data, dedupe_key)
  SELECT 'back-in-stock', due.email,
         jsonb_build_object('product_id', p.id, 'name', p.name, 'size', NEW.size),
         'back-in-stock:' || due.id
    FROM due JOIN products p ON p.id = NEW.product_id
  ON CONFLICT (dedupe_key) DO NOTHING;
  RETURN NULL;
END
$$;
