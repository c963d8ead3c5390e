-- Customers in the back office (issue 41): staff notes on a shopper's account (each also in
-- the audit log; erased with the account, shown in the shopper's data download), and cash on
-- delivery blocked for one shopper by staff — when, by whom and why, all three or none — which
-- checkout and the pincode box read (orders/cod.ts: "Cash on delivery is not available for your
-- account. Please pay online."). Indexes for the customer search by part of an email (trigram,
-- like the name's) and by the account's or the saved address's phone, and for the list of
-- customers newest first.
--> statement-breakpoint
CREATE TABLE "customer_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_notes_note_valid" CHECK (length("customer_notes"."note") BETWEEN 1 AND 1000)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cod_blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cod_blocked_by" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cod_block_reason" text;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notes_user_idx" ON "customer_notes" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_cod_blocked_by_staff_id_fk" FOREIGN KEY ("cod_blocked_by") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipping_addresses_phone_idx" ON "shipping_addresses" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_cod_block_whole" CHECK (("users"."cod_blocked_at" IS NULL) = ("users"."cod_block_reason" IS NULL) AND ("users"."cod_blocked_at" IS NULL) = ("users"."cod_blocked_by" IS NULL));
