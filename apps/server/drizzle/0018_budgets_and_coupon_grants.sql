ALTER TABLE "users" ADD COLUMN "monthly_budget_cents" bigint;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "grant_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approved_cents" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_grant_owner_key" ON "coupons" USING btree ("grant_key","owner_sid") WHERE "coupons"."grant_key" is not null;--> statement-breakpoint
CREATE INDEX "orders_user_approved_idx" ON "orders" USING btree ("user_sid","approved_at") WHERE "orders"."approved_at" is not null;