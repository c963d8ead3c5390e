-- WhatsApp order updates (decision 066): shoppers' opt-ins (number, wording, time) and opt-outs,
-- the Cloud API's message ids and delivery statuses against outbox rows, and the outbox's
-- channel checked (email or whatsapp).
CREATE TABLE "whatsapp_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"phone" text NOT NULL,
	"wording" text NOT NULL,
	"opted_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opted_out_at" timestamp with time zone,
	"opted_out_by" text,
	CONSTRAINT "whatsapp_consents_phone_valid" CHECK ("whatsapp_consents"."phone" ~ '^[1-9][0-9]{7,14}$'),
	CONSTRAINT "whatsapp_consents_out_valid" CHECK (("whatsapp_consents"."opted_out_at" IS NULL) = ("whatsapp_consents"."opted_out_by" IS NULL) AND ("whatsapp_consents"."opted_out_by" IS NULL OR "whatsapp_consents"."opted_out_by" IN ('account', 'stop')))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"outbox_id" bigint PRIMARY KEY NOT NULL,
	"wamid" text NOT NULL,
	"status" text DEFAULT 'accepted' NOT NULL,
	"error" text,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_messages_wamid_unique" UNIQUE("wamid"),
	CONSTRAINT "whatsapp_messages_status_valid" CHECK ("whatsapp_messages"."status" IN ('accepted', 'sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "whatsapp_consents" ADD CONSTRAINT "whatsapp_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_consents_user_idx" ON "whatsapp_consents" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "whatsapp_consents_phone_idx" ON "whatsapp_consents" USING btree ("phone");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel_valid" CHECK ("outbox"."channel" IN ('email', 'whatsapp'));