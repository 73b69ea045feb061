CREATE TABLE "payment_attempts" (
	"out_trade_no" text PRIMARY KEY NOT NULL,
	"order_sid" text NOT NULL,
	"pay_way" text NOT NULL,
	"gateway" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"link" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"trade_no" text,
	"expires_at" timestamp with time zone NOT NULL,
	"last_queried_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_sid_orders_sid_fk" FOREIGN KEY ("order_sid") REFERENCES "public"."orders"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" USING btree ("order_sid","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_attempts_open_idx" ON "payment_attempts" USING btree ("status","created_at");