-- A wholesaler's registered business (legal name, street, city, pincode, state) as staff enter it
-- at approval, for the Bill to of its B2B invoices (issue 36, decision 046).
ALTER TABLE "wholesale_applications" ADD COLUMN "registered" jsonb;