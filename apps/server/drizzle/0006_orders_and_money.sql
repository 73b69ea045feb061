CREATE TABLE "licences" (
	"sid" text PRIMARY KEY NOT NULL,
	"cert_no" text NOT NULL,
	"owner_sid" text NOT NULL,
	"buyer_sid" text NOT NULL,
	"order_sid" text NOT NULL,
	"material_sid" text NOT NULL,
	"spec" smallint NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "settlement_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_gateway" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "trade_no" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reward_coupon_sid" text;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_owner_sid_users_sid_fk" FOREIGN KEY ("owner_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_buyer_sid_users_sid_fk" FOREIGN KEY ("buyer_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_order_sid_orders_sid_fk" FOREIGN KEY ("order_sid") REFERENCES "public"."orders"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_material_sid_materials_sid_fk" FOREIGN KEY ("material_sid") REFERENCES "public"."materials"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "licences_order_material_key" ON "licences" USING btree ("order_sid","material_sid");--> statement-breakpoint
CREATE UNIQUE INDEX "licences_cert_no_key" ON "licences" USING btree ("cert_no");--> statement-breakpoint
CREATE INDEX "licences_owner_idx" ON "licences" USING btree ("owner_sid","material_sid");--> statement-breakpoint
CREATE INDEX "licences_owner_created_idx" ON "licences" USING btree ("owner_sid","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_settlement_key" ON "orders" USING btree ("settlement_key");