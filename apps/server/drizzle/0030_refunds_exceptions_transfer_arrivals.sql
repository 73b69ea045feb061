CREATE TABLE "payment_exceptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_exceptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gateway" text NOT NULL,
	"out_trade_no" text NOT NULL,
	"trade_no" text NOT NULL,
	"reason" text NOT NULL,
	"order_sid" text,
	"amount_cents" bigint,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"deliveries" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"note" text,
	"operator_sid" text,
	"handled_at" timestamp with time zone,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_exceptions_refund_within_amount" CHECK ("payment_exceptions"."refunded_cents" >= 0 and "payment_exceptions"."refunded_cents" <= coalesce("payment_exceptions"."amount_cents", 0))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"sid" text PRIMARY KEY NOT NULL,
	"refund_no" text NOT NULL,
	"order_sid" text,
	"exception_id" bigint,
	"channel" text NOT NULL,
	"out_trade_no" text,
	"trade_no" text,
	"paid_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'PROCESSING' NOT NULL,
	"gateway_refund_id" text,
	"bank_serial" text,
	"paid_out_on" date,
	"reason" text NOT NULL,
	"failure" text,
	"operator_sid" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_within_paid" CHECK ("refunds"."amount_cents" > 0 and "refunds"."amount_cents" <= "refunds"."paid_cents")
);
--> statement-breakpoint
CREATE TABLE "transfer_arrivals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfer_arrivals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_sid" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"arrived_on" date NOT NULL,
	"bank_serial" text NOT NULL,
	"outcome" text NOT NULL,
	"note" text NOT NULL,
	"operator_sid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_arrivals_amount_positive" CHECK ("transfer_arrivals"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD CONSTRAINT "payment_exceptions_operator_sid_operators_sid_fk" FOREIGN KEY ("operator_sid") REFERENCES "public"."operators"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_sid_orders_sid_fk" FOREIGN KEY ("order_sid") REFERENCES "public"."orders"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_exception_id_payment_exceptions_id_fk" FOREIGN KEY ("exception_id") REFERENCES "public"."payment_exceptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_operator_sid_operators_sid_fk" FOREIGN KEY ("operator_sid") REFERENCES "public"."operators"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_arrivals" ADD CONSTRAINT "transfer_arrivals_order_sid_orders_sid_fk" FOREIGN KEY ("order_sid") REFERENCES "public"."orders"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_arrivals" ADD CONSTRAINT "transfer_arrivals_operator_sid_operators_sid_fk" FOREIGN KEY ("operator_sid") REFERENCES "public"."operators"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_exceptions_payment_key" ON "payment_exceptions" USING btree ("gateway","out_trade_no","trade_no","reason");--> statement-breakpoint
CREATE INDEX "payment_exceptions_recent_idx" ON "payment_exceptions" USING btree ("last_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_exceptions_status_idx" ON "payment_exceptions" USING btree ("status","last_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_exceptions_order_idx" ON "payment_exceptions" USING btree ("order_sid");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_refund_no_key" ON "refunds" USING btree ("refund_no");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_key" ON "refunds" USING btree ("order_sid") WHERE "refunds"."exception_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_exception_key" ON "refunds" USING btree ("exception_id") WHERE "refunds"."exception_id" is not null;--> statement-breakpoint
CREATE INDEX "refunds_processing_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'PROCESSING';--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_arrivals_bank_serial_key" ON "transfer_arrivals" USING btree ("bank_serial");--> statement-breakpoint
CREATE INDEX "transfer_arrivals_order_idx" ON "transfer_arrivals" USING btree ("order_sid","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_within_paid" CHECK ("orders"."refunded_cents" >= 0 and "orders"."refunded_cents" <= coalesce("orders"."paid_amount_cents", 0));--> statement-breakpoint
-- The exceptions recorded so far (each a group of deliveries in payment_events) become rows, waiting to be handled.
INSERT INTO "payment_exceptions" ("gateway", "out_trade_no", "trade_no", "reason", "order_sid", "amount_cents", "deliveries", "first_at", "last_at")
SELECT "gateway", coalesce("payload"->>'outTradeNo', ''), coalesce("trade_no", ''), coalesce("payload"->>'reason', 'unknown'),
       max("order_sid"), max("amount_cents"), count(*), min("created_at"), max("created_at")
FROM (
  SELECT "gateway", "payload", "trade_no", "order_sid", "amount_cents", "created_at" FROM "payment_events" WHERE "outcome" = 'exception'
  UNION ALL
  SELECT "gateway", "payload", "trade_no", "order_sid", "amount_cents", "created_at" FROM "payment_events_archive" WHERE "outcome" = 'exception'
) AS "recorded"
GROUP BY 1, 2, 3, 4
ON CONFLICT DO NOTHING;
