-- A logged-in shopper's latest click on a code (referrals.queries.ts recentClick).
CREATE INDEX "referral_clicks_user_idx" ON "referral_clicks" USING btree ("user_id","code","created_at");