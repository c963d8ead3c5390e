CREATE TABLE "catalogue_product_log" (
	"xid" bigint NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "catalogue_product_log_xid_product_id_pk" PRIMARY KEY("xid","product_id")
);
--> statement-breakpoint
DROP TABLE "catalogue_product_changes" CASCADE;--> statement-breakpoint
ALTER TABLE "catalogue_version" ADD COLUMN "product_log_from" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_version" DROP COLUMN "product_version";--> statement-breakpoint
-- Decision 084: the product log is keyed by the writing transaction's id, not by a version
-- every writer bumped on one row. That row's lock, held from each order's commit trigger to
-- its commit, made every order in the shop wait for the one before it. A server reads the
-- entries of the transactions its last read's snapshot could not see (pg_current_snapshot):
-- those at or above its xmax and those in progress then. Logged at commit by the deferred
-- triggers of *_product_versions, as before; a transaction that bumped the catalogue version
-- logs nothing (servers drop everything for it).
CREATE OR REPLACE FUNCTION catalogue_product_log_prune(below bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM catalogue_product_log WHERE xid < below;
  UPDATE catalogue_version SET product_log_from = below WHERE id = 1 AND product_log_from < below;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_product_changed(changed integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tx bigint;
BEGIN
  IF current_setting('kitroom.catalogue_version_bumped', true) IS NOT DISTINCT FROM txid_current()::text THEN
    RETURN;
  END IF;
  tx := pg_current_xact_id()::text::bigint;
  INSERT INTO catalogue_product_log (xid, product_id) VALUES (tx, changed) ON CONFLICT DO NOTHING;
  -- One transaction in 1,000 drops the entries more than 1,000,000 transactions old (a server
  -- that has not read since then drops every kept response instead).
  IF tx % 1000 = 0 THEN
    PERFORM catalogue_product_log_prune(tx - 1000000);
  END IF;
END
$$;
