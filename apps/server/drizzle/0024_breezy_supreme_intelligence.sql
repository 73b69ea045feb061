ALTER TABLE "orders" ADD COLUMN "discount_credit_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_licence_sid" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_credit_licence_key" ON "orders" USING btree ("credit_licence_sid") WHERE "orders"."status" <> 'CANCELLED' AND "orders"."credit_licence_sid" IS NOT NULL;