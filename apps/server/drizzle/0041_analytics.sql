CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"dim" text DEFAULT '' NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "analytics_daily_day_metric_dim_pk" PRIMARY KEY("day","metric","dim")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"visitor" text,
	"user_sid" text,
	"route" text,
	"referrer" text,
	"source" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"device" text,
	"subject" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_created_idx" ON "analytics_events" USING btree ("created_at");--> statement-breakpoint
-- The dashboard's wallet liability: the unexpired lots' remaining money, read by validity (hand-written).
CREATE INDEX IF NOT EXISTS "wallet_lots_valid_before_idx" ON "wallet_lots" USING btree ("valid_before") INCLUDE ("remaining_cents");
--> statement-breakpoint
-- The daily rollup reads each day of the books by one index (hand-written, modules/analytics).
CREATE INDEX IF NOT EXISTS "orders_pay_time_idx" ON "orders" USING btree ("pay_time") WHERE "pay_time" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_created_idx" ON "invoices" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_issued_idx" ON "invoices" USING btree ("issued_at") WHERE "issued_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "demands_created_idx" ON "demands" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "demands_delivered_idx" ON "demands" USING btree ("delivered_at") WHERE "delivered_at" IS NOT NULL;
