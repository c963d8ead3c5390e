CREATE TABLE "courier_unmatched_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"courier" text NOT NULL,
	"awb" text NOT NULL,
	"event_key" text NOT NULL,
	"state" text NOT NULL,
	"location" text,
	"note" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"raw" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "courier_unmatched_events_courier_valid" CHECK ("courier_unmatched_events"."courier" IN ('manual', 'sandbox', 'shiprocket')),
	CONSTRAINT "courier_unmatched_events_state_valid" CHECK ("courier_unmatched_events"."state" IN ('booking', 'booked', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'delivery_failed', 'rto_initiated', 'rto_delivered', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "shipment_events" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_unmatched_events_key_uq" ON "courier_unmatched_events" USING btree ("courier","awb","event_key");--> statement-breakpoint
CREATE INDEX "courier_unmatched_events_received_idx" ON "courier_unmatched_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "shipment_events_held_idx" ON "shipment_events" USING btree ("shipment_id") WHERE "shipment_events"."held";