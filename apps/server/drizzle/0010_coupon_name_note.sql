ALTER TABLE "coupons" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "note" text;--> statement-breakpoint
CREATE INDEX "coupons_owner_idx" ON "coupons" USING btree ("owner_sid");