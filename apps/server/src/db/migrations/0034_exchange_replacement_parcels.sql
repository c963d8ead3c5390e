-- An exchange's replacement travels as a parcel of its own (issue 36, item 26): shipments.return_id
-- names the exchange, so an order has one live parcel of its own and one per exchange; an exchange
-- whose replacement reached the shopper is 'delivered', and the order's timeline says when the
-- replacement was delivered or came back. A canceled parcel's waybill may be used again (a parcel
-- shipped by hand, canceled, shipped again with the same tracking id answered 500 before).
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_type_valid";--> statement-breakpoint
ALTER TABLE "order_returns" DROP CONSTRAINT "order_returns_status_valid";--> statement-breakpoint
DROP INDEX "shipments_live_order_uq";--> statement-breakpoint
DROP INDEX "shipments_courier_awb_uq";--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "return_id" integer;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_live_return_uq" ON "shipments" USING btree ("return_id") WHERE "shipments"."state" NOT IN ('canceled', 'rto_delivered') AND "shipments"."return_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_live_order_uq" ON "shipments" USING btree ("order_id") WHERE "shipments"."state" <> 'canceled' AND "shipments"."return_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_courier_awb_uq" ON "shipments" USING btree ("courier","awb") WHERE "shipments"."awb" IS NOT NULL AND "shipments"."state" <> 'canceled';--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_type_valid" CHECK ("order_events"."type" IN ('placed', 'paid', 'packed', 'shipped', 'delivered', 'canceled', 'refund_requested', 'refunded', 'refund_failed', 'return_requested', 'return_approved', 'return_rejected', 'return_received', 'exchange_shipped', 'exchange_delivered', 'exchange_returned', 'note', 'cod_confirmed', 'picked_up', 'in_transit', 'out_for_delivery', 'delivery_failed', 'reattempt_requested', 'rto_initiated', 'rto_received'));--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_status_valid" CHECK ("order_returns"."status" IN ('requested', 'approved', 'rejected', 'received', 'shipped', 'delivered'));