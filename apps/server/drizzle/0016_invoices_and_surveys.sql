CREATE TABLE "survey_totals" (
	"id" smallint PRIMARY KEY NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"satisfaction_tenths" bigint DEFAULT 0 NOT NULL,
	"score_tenths" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_orders" (
	"invoice_sid" text NOT NULL,
	"order_sid" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "invoice_orders_invoice_sid_order_sid_pk" PRIMARY KEY("invoice_sid","order_sid")
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_order_sid_orders_sid_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_user_sid_users_sid_fk";
--> statement-breakpoint
DROP INDEX "invoices_order_idx";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "status" SET DEFAULT 'REQUESTED';--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "owner_sid" text NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "owner_sid" text NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "requested_by_sid" text NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "taxpayer_number" text NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "registered_address" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "registered_phone" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "bank_account" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_cents" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "due_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "operator_sid" text;--> statement-breakpoint
ALTER TABLE "invoice_orders" ADD CONSTRAINT "invoice_orders_invoice_sid_invoices_sid_fk" FOREIGN KEY ("invoice_sid") REFERENCES "public"."invoices"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_orders" ADD CONSTRAINT "invoice_orders_order_sid_orders_sid_fk" FOREIGN KEY ("order_sid") REFERENCES "public"."orders"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_orders_active_order_key" ON "invoice_orders" USING btree ("order_sid") WHERE "invoice_orders"."active";--> statement-breakpoint
CREATE INDEX "invoice_orders_order_idx" ON "invoice_orders" USING btree ("order_sid");--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_owner_sid_users_sid_fk" FOREIGN KEY ("owner_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_owner_sid_users_sid_fk" FOREIGN KEY ("owner_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_requested_by_sid_users_sid_fk" FOREIGN KEY ("requested_by_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "surveys_user_key" ON "surveys" USING btree ("user_sid");--> statement-breakpoint
CREATE UNIQUE INDEX "surveys_rewarded_owner_key" ON "surveys" USING btree ("owner_sid") WHERE "surveys"."coupon_sid" is not null;--> statement-breakpoint
CREATE INDEX "surveys_created_idx" ON "surveys" USING btree ("created_at" DESC NULLS LAST,"sid");--> statement-breakpoint
CREATE INDEX "invoices_status_due_idx" ON "invoices" USING btree ("status","due_at","sid");--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("due_at","sid");--> statement-breakpoint
CREATE INDEX "invoices_owner_idx" ON "invoices" USING btree ("owner_sid","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "order_sid";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "user_sid";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "number";