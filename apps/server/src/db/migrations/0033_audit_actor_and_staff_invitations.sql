-- The audit log names who acted when no staff member did (command line, courier, payment provider,
-- sweep, shopper), and staff invitations get an id so the back office can list, resend and
-- revoke each (issue 36).
ALTER TABLE "audit_log" ADD COLUMN "actor" text;--> statement-breakpoint
ALTER TABLE "staff_setup_tokens" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_setup_tokens" ADD CONSTRAINT "staff_setup_tokens_id_unique" UNIQUE("id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor" CHECK ("audit_log"."actor" IN ('staff', 'command_line', 'courier', 'payment_provider', 'sweep', 'shopper'));