-- The shop's certificate for signing invoices and credit notes (decision 069): one row at most,
-- the PKCS#12 file and its password sealed, the certificate's names and dates in clear.
CREATE TABLE "signing_certificate" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"sealed" text NOT NULL,
	"subject_name" text NOT NULL,
	"subject" text NOT NULL,
	"issuer" text NOT NULL,
	"serial_number" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"fingerprint" text NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_certificate_one_row" CHECK ("signing_certificate"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "signing_certificate" ADD CONSTRAINT "signing_certificate_uploaded_by_staff_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;