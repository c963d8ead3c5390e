-- Shipping fees the owner sets (issue 41): zones of states with their fees, a fee for every
-- other state, and free shipping above an amount of goods. Defaults to the spec's table, so
-- checkout charges what it did until the owner changes them; placed orders keep their fee.
ALTER TABLE "shop_settings" ADD COLUMN "shipping_rates" jsonb DEFAULT '{"zones":[{"label":"Kerala","states":["Kerala"],"fee_paise":6000},{"label":"Tamil Nadu and Karnataka","states":["Tamil Nadu","Karnataka"],"fee_paise":8500}],"other_fee_paise":10000,"free_above_paise":null}'::jsonb NOT NULL;