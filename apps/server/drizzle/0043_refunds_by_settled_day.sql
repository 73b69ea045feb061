CREATE INDEX "refunds_settled_idx" ON "refunds" USING btree ("settled_at");--> statement-breakpoint
-- the rollups gained the refunds of each day: the days the rollup looks back over are done again
DELETE FROM "analytics_daily" WHERE "metric" = 'rolled';
