CREATE TABLE "owner_alerts" (
	"kind" text PRIMARY KEY NOT NULL,
	"raised_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"cleared_at" timestamp with time zone,
	"detail" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_courier_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"awb" text NOT NULL,
	"state" text NOT NULL,
	"location" text,
	"note" text,
	"due_at" timestamp with time zone NOT NULL,
	"posted_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"event_key" text NOT NULL,
	"state" text NOT NULL,
	"location" text,
	"note" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"raw" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "shipment_events_state_valid" CHECK ("shipment_events"."state" IN ('booking', 'booked', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'delivery_failed', 'rto_initiated', 'rto_delivered', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"courier" text NOT NULL,
	"reference" text NOT NULL,
	"state" text DEFAULT 'booking' NOT NULL,
	"provider_order_id" text,
	"provider_shipment_id" text,
	"awb" text,
	"courier_name" text,
	"tracking_link" text,
	"label_url" text,
	"weight_grams" integer NOT NULL,
	"cod_amount_paise" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"ndr_reason" text,
	"ndr_at" timestamp with time zone,
	"ndr_attempts" smallint DEFAULT 0 NOT NULL,
	"ndr_action" text,
	"ndr_action_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "shipments_courier_valid" CHECK ("shipments"."courier" IN ('manual', 'sandbox', 'shiprocket')),
	CONSTRAINT "shipments_state_valid" CHECK ("shipments"."state" IN ('booking', 'booked', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'delivery_failed', 'rto_initiated', 'rto_delivered', 'canceled')),
	CONSTRAINT "shipments_ndr_action_valid" CHECK ("shipments"."ndr_action" IS NULL OR "shipments"."ndr_action" IN ('reattempt', 'return')),
	CONSTRAINT "shipments_amounts_valid" CHECK ("shipments"."weight_grams" > 0 AND "shipments"."cod_amount_paise" >= 0 AND "shipments"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_type_valid";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_money_valid";--> statement-breakpoint
ALTER TABLE "tax_document_lines" DROP CONSTRAINT "tax_document_lines_kind_valid";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirm_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_fee_paise" integer DEFAULT 4900 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_max_order_paise" integer DEFAULT 500000 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_max_open_orders" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_confirm_hours" smallint DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_cancel_after_hours" smallint DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_excluded_pincodes" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "default_courier" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "parcel_weight_grams" integer DEFAULT 300 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "parcel_length_cm" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "parcel_breadth_cm" smallint DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "parcel_height_cm" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "shiprocket_pickup_location" text DEFAULT 'Primary' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_courier_events_due_idx" ON "sandbox_courier_events" USING btree ("due_at") WHERE "sandbox_courier_events"."posted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "sandbox_courier_events_awb_idx" ON "sandbox_courier_events" USING btree ("awb");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_key_uq" ON "shipment_events" USING btree ("shipment_id","event_key");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_live_order_uq" ON "shipments" USING btree ("order_id") WHERE "shipments"."state" <> 'canceled';--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_courier_awb_uq" ON "shipments" USING btree ("courier","awb") WHERE "shipments"."awb" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "shipments_ndr_idx" ON "shipments" USING btree ("ndr_at") WHERE "shipments"."state" = 'delivery_failed' AND "shipments"."ndr_action" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_cod_unconfirmed_idx" ON "orders" USING btree ("created_at") WHERE "orders"."payment_method" = 'COD' AND "orders"."cod_confirmed_at" IS NULL AND "orders"."order_status" = 'Pending';--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_type_valid" CHECK ("order_events"."type" IN ('placed', 'paid', 'packed', 'shipped', 'delivered', 'canceled', 'refund_requested', 'refunded', 'refund_failed', 'return_requested', 'return_approved', 'return_rejected', 'return_received', 'exchange_shipped', 'note', 'cod_confirmed', 'picked_up', 'in_transit', 'out_for_delivery', 'delivery_failed', 'reattempt_requested', 'rto_initiated', 'rto_received'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_valid" CHECK ("orders"."payment_method" IN ('Online', 'COD'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_valid" CHECK ("orders"."subtotal_paise" >= 0 AND "orders"."shipping_paise" >= 0 AND "orders"."discount_paise" >= 0 AND "orders"."cod_fee_paise" >= 0 AND "orders"."total_paise" = "orders"."subtotal_paise" + "orders"."shipping_paise" + "orders"."cod_fee_paise" - "orders"."discount_paise" AND "orders"."total_paise" >= 0);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_cod_valid" CHECK ("shop_settings"."cod_fee_paise" BETWEEN 0 AND 100000 AND "shop_settings"."cod_max_order_paise" BETWEEN 0 AND 100000000
        AND "shop_settings"."cod_max_open_orders" BETWEEN 1 AND 100 AND "shop_settings"."cod_confirm_hours" BETWEEN 1 AND 168
        AND "shop_settings"."cod_cancel_after_hours" BETWEEN 1 AND 336);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_courier_valid" CHECK ("shop_settings"."default_courier" IN ('manual', 'sandbox', 'shiprocket')
        AND "shop_settings"."parcel_weight_grams" BETWEEN 1 AND 100000 AND "shop_settings"."parcel_length_cm" BETWEEN 1 AND 300
        AND "shop_settings"."parcel_breadth_cm" BETWEEN 1 AND 300 AND "shop_settings"."parcel_height_cm" BETWEEN 1 AND 300);--> statement-breakpoint
ALTER TABLE "tax_document_lines" ADD CONSTRAINT "tax_document_lines_kind_valid" CHECK ("tax_document_lines"."kind" IN ('goods', 'shipping', 'cod_fee'));