-- A return's pickup through the courier (issue 41, item 5; decision 067): a shipment travels
-- 'forward' (the order's parcel, an exchange's replacement) or 'reverse' (a return's pieces
-- collected from the shopper and brought to the shop). Existing parcels are all forward. A
-- return has at most one live pickup; an exchange's replacement stays one live parcel.
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_type_valid";--> statement-breakpoint
DROP INDEX "shipments_live_return_uq";--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "direction" text DEFAULT 'forward' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_live_pickup_uq" ON "shipments" USING btree ("return_id") WHERE "shipments"."state" <> 'canceled' AND "shipments"."direction" = 'reverse';--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_live_return_uq" ON "shipments" USING btree ("return_id") WHERE "shipments"."state" NOT IN ('canceled', 'rto_delivered') AND "shipments"."return_id" IS NOT NULL AND "shipments"."direction" = 'forward';--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_type_valid" CHECK ("order_events"."type" IN ('placed', 'paid', 'packed', 'shipped', 'delivered', 'canceled', 'refund_requested', 'refunded', 'refund_failed', 'return_requested', 'return_approved', 'return_rejected', 'return_received', 'exchange_shipped', 'exchange_delivered', 'exchange_returned', 'return_pickup_booked', 'return_picked_up', 'return_arrived', 'return_pickup_canceled', 'note', 'cod_confirmed', 'picked_up', 'in_transit', 'out_for_delivery', 'delivery_failed', 'reattempt_requested', 'rto_initiated', 'rto_received'));--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_direction_valid" CHECK ("shipments"."direction" = 'forward' OR ("shipments"."direction" = 'reverse' AND "shipments"."return_id" IS NOT NULL AND "shipments"."cod_amount_paise" = 0));