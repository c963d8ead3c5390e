-- Delivery challans (issue 40, item 6): an exchange's replacement moves goods against the original
-- invoice without a new sale, under a challan in its own series (DC/26-27/000001), which names
-- that invoice as a credit note does.
ALTER TABLE "tax_documents" DROP CONSTRAINT "tax_documents_kind_valid";--> statement-breakpoint
ALTER TABLE "tax_documents" DROP CONSTRAINT "tax_documents_credit_note_has_invoice";--> statement-breakpoint
ALTER TABLE "tax_series" DROP CONSTRAINT "tax_series_kind_valid";--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_kind_valid" CHECK ("tax_documents"."kind" IN ('invoice', 'credit_note', 'delivery_challan'));--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_credit_note_has_invoice" CHECK (("tax_documents"."kind" = 'invoice') = ("tax_documents"."invoice_id" IS NULL));--> statement-breakpoint
ALTER TABLE "tax_series" ADD CONSTRAINT "tax_series_kind_valid" CHECK ("tax_series"."kind" IN ('invoice', 'credit_note', 'delivery_challan'));