-- A right code is tied to the browser that entered it (issue 15): it grants that browser, by an
-- HttpOnly cookie whose sha256 is kept here, one registration or one password reset within
-- 15 minutes. The address-wide verified_at it replaces let anyone register a verified address.
CREATE TABLE "otp_grants" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "otp_grants_purpose" CHECK ("otp_grants"."purpose" IN ('signup', 'password-reset'))
);
--> statement-breakpoint
CREATE INDEX "otp_grants_expires_idx" ON "otp_grants" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "otp_codes" DROP COLUMN "verified_at";