-- Limits the owner sets (issue 36): the largest refund a support agent's cancellation may make,
-- and how much stock one shopper can hold unpaid (open unpaid orders; pieces of a size per order).
ALTER TABLE "shop_settings" ADD COLUMN "support_refund_limit_paise" integer DEFAULT 300000 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "unpaid_orders_max" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "pieces_per_size_max" smallint DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_limits_valid" CHECK ("shop_settings"."support_refund_limit_paise" BETWEEN 0 AND 100000000
        AND "shop_settings"."unpaid_orders_max" BETWEEN 1 AND 20 AND "shop_settings"."pieces_per_size_max" BETWEEN 1 AND 999);