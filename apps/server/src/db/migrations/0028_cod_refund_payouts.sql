-- A cash-on-delivery order has no payment to refund to: its return is paid out by bank or UPI
-- transfer (issue 36). A refund is either through the provider (on a captured payment) or a
-- payout (to the details the shopper gave with the return, recorded with the transfer's UTR).
ALTER TABLE "refunds" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "payout" jsonb;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "method" text DEFAULT 'provider' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payout_to" jsonb;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "utr" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_valid" CHECK (("refunds"."method" = 'provider' AND "refunds"."payment_id" IS NOT NULL) OR ("refunds"."method" = 'payout' AND "refunds"."payment_id" IS NULL AND "refunds"."payout_to" IS NOT NULL));