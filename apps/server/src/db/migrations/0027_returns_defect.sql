-- A return or exchange says whether the shopper found the piece damaged or faulty: the only way a
-- printed shirt comes back (decision 051); the back office shows it so staff inspect the piece.
ALTER TABLE "order_returns" ADD COLUMN "defect" boolean DEFAULT false NOT NULL;