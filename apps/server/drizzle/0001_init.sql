CREATE TABLE "operators" (
	"sid" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"sid" text PRIMARY KEY NOT NULL,
	"user_sid" text NOT NULL,
	"satisfaction_tenths" smallint NOT NULL,
	"score_tenths" smallint NOT NULL,
	"feedback" text,
	"coupon_sid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"sid" text PRIMARY KEY NOT NULL,
	"email" text,
	"mobile" text,
	"username" text,
	"password_hash" text NOT NULL,
	"name" text,
	"company" text,
	"company_license" text,
	"company_address" text,
	"level" smallint DEFAULT 0 NOT NULL,
	"parent_sid" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"sub_enabled" boolean DEFAULT true NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"source" text,
	"referrer" text,
	"agreed_terms_at" timestamp with time zone,
	"adult_confirmed_at" timestamp with time zone,
	"pending_coupon_sid" text,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"sid" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "downloads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "downloads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_sid" text NOT NULL,
	"material_sid" text NOT NULL,
	"order_sid" text,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keywords" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "keywords_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"keyword" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_likes" (
	"user_sid" text NOT NULL,
	"material_sid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "material_likes_user_sid_material_sid_pk" PRIMARY KEY("user_sid","material_sid")
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"sid" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "materials_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"format" text NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_tokens" text[] DEFAULT '{}'::text[] NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"duration_ms" integer,
	"aspect_ratio" text,
	"resolution" text,
	"auth_types" smallint[] NOT NULL,
	"original_key" text NOT NULL,
	"original_mime" text NOT NULL,
	"original_bytes" bigint NOT NULL,
	"thumb_key" text,
	"cover_key" text,
	"watermark_key" text,
	"preview_key" text,
	"status" text DEFAULT 'ready' NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"free_from" timestamp with time zone,
	"free_until" timestamp with time zone,
	"prices_cents" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"special_prices_cents" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_price_cents" integer,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"keyword" text NOT NULL,
	"user_sid" text,
	"result_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"user_sid" text NOT NULL,
	"material_sid" text NOT NULL,
	"spec" smallint NOT NULL,
	"chosen" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_user_sid_material_sid_pk" PRIMARY KEY("user_sid","material_sid")
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"coupon_sid" text NOT NULL,
	"user_sid" text NOT NULL,
	"order_sid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_redemptions_coupon_sid_user_sid_pk" PRIMARY KEY("coupon_sid","user_sid")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"sid" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"type" smallint NOT NULL,
	"amount" integer NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"scope" text[] NOT NULL,
	"redemption_limit" integer DEFAULT 0 NOT NULL,
	"redeemed_count" integer DEFAULT 0 NOT NULL,
	"notify" boolean DEFAULT false NOT NULL,
	"owner_sid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_sid" text NOT NULL,
	"lot_sid" text,
	"order_sid" text,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"order_sid" text NOT NULL,
	"material_sid" text NOT NULL,
	"spec" smallint NOT NULL,
	"unit_price_cents" integer NOT NULL,
	CONSTRAINT "order_items_order_sid_material_sid_pk" PRIMARY KEY("order_sid","material_sid")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"sid" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"name" text NOT NULL,
	"order_type" text NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"pay_way" text,
	"pay_time" timestamp with time zone,
	"spec" smallint,
	"referer" text,
	"source" text,
	"coupon_code" text,
	"price_origin_cents" integer NOT NULL,
	"discount_member_cents" integer DEFAULT 0 NOT NULL,
	"discount_coupon_cents" integer DEFAULT 0 NOT NULL,
	"price_cents" integer NOT NULL,
	"user_sid" text NOT NULL,
	"owner_sid" text NOT NULL,
	"audit_status" text DEFAULT 'NONE' NOT NULL,
	"audit_message" text,
	"transfer_reference" text,
	"demand_sid" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_sid" text,
	"gateway" text NOT NULL,
	"kind" text NOT NULL,
	"trade_no" text,
	"amount_cents" integer,
	"verified" boolean NOT NULL,
	"outcome" text NOT NULL,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_lots" (
	"sid" text PRIMARY KEY NOT NULL,
	"user_sid" text NOT NULL,
	"order_sid" text NOT NULL,
	"total_cents" integer NOT NULL,
	"remaining_cents" integer NOT NULL,
	"valid_before" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"operator_sid" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_sid" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demands" (
	"sid" text PRIMARY KEY NOT NULL,
	"material_sid" text,
	"user_sid" text NOT NULL,
	"order_sid" text,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"product_key" text,
	"logo_key" text,
	"result_key" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"sid" text PRIMARY KEY NOT NULL,
	"order_sid" text NOT NULL,
	"user_sid" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"number" text,
	"file_key" text,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"code" text,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_user_sid_users_sid_fk" FOREIGN KEY ("user_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_parent_sid_users_sid_fk" FOREIGN KEY ("parent_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_user_sid_users_sid_fk" FOREIGN KEY ("user_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_material_sid_materials_sid_fk" FOREIGN KEY ("material_sid") REFERENCES "public"."materials"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_likes" ADD CONSTRAINT "material_likes_user_sid_users_sid_fk" FOREIGN KEY ("user_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_likes" ADD CONSTRAINT "material_likes_material_sid_materials_sid_fk" FOREIGN KEY ("material_sid") REFERENCES "public"."materials"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_sid_users_sid_fk" FOREIGN KEY ("user_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_material_sid_materials_sid_fk" FOREIGN KEY ("material_sid") REFERENCES "public"."materials"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_sid_coupons_sid_fk" FOREIGN KEY ("coupon_sid") REFERENCES "public"."coupons"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_sid_users_sid_fk" FOREIGN KEY ("user_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_owner_sid_users_sid_fk" FOREIGN KEY ("owner_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_sid_users_sid_fk" FOREIGN KEY ("user_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_lot_sid_wallet_lots_sid_fk" FOREIGN KEY ("lot_sid") REFERENCES "public"."wallet_lots"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_sid_orders_sid_fk" FOREIGN KEY ("order_sid") REFERENCES "public"."orders"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_material_sid_materials_sid_fk" FOREIGN KEY ("material_sid") REFERENCES "public"."materials"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_sid_users_sid_fk" FOREIGN KEY ("user_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_owner_sid_users_sid_fk" FOREIGN KEY ("owner_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_lots" ADD CONSTRAINT "wallet_lots_user_sid_users_sid_fk" FOREIGN KEY ("user_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_lots" ADD CONSTRAINT "wallet_lots_order_sid_orders_sid_fk" FOREIGN KEY ("order_sid") REFERENCES "public"."orders"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_material_sid_materials_sid_fk" FOREIGN KEY ("material_sid") REFERENCES "public"."materials"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_user_sid_users_sid_fk" FOREIGN KEY ("user_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_order_sid_orders_sid_fk" FOREIGN KEY ("order_sid") REFERENCES "public"."orders"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_sid_orders_sid_fk" FOREIGN KEY ("order_sid") REFERENCES "public"."orders"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_sid_users_sid_fk" FOREIGN KEY ("user_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operators_username_key" ON "operators" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_key" ON "users" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree ("username");--> statement-breakpoint
CREATE INDEX "users_parent_idx" ON "users" USING btree ("parent_sid");--> statement-breakpoint
CREATE INDEX "verification_codes_target_idx" ON "verification_codes" USING btree ("target","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "downloads_user_idx" ON "downloads" USING btree ("user_sid","material_sid");--> statement-breakpoint
CREATE INDEX "keywords_kind_idx" ON "keywords" USING btree ("kind","position");--> statement-breakpoint
CREATE INDEX "material_likes_material_idx" ON "material_likes" USING btree ("material_sid");--> statement-breakpoint
CREATE INDEX "materials_keywords_gin" ON "materials" USING gin ("keywords");--> statement-breakpoint
CREATE INDEX "materials_search_tokens_gin" ON "materials" USING gin ("search_tokens");--> statement-breakpoint
CREATE INDEX "materials_created_idx" ON "materials" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "materials_likes_idx" ON "materials" USING btree ("like_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "materials_seq_idx" ON "materials" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "search_logs_created_idx" ON "search_logs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_idempotency_key" ON "ledger_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_user_idx" ON "ledger_entries" USING btree ("user_sid","id");--> statement-breakpoint
CREATE INDEX "order_items_material_idx" ON "order_items" USING btree ("material_sid");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_key" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_sid","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_owner_idx" ON "orders" USING btree ("owner_sid","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_sid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_lots_order_key" ON "wallet_lots" USING btree ("order_sid");--> statement-breakpoint
CREATE INDEX "wallet_lots_user_idx" ON "wallet_lots" USING btree ("user_sid","valid_before");--> statement-breakpoint
CREATE INDEX "audit_logs_entity_idx" ON "audit_logs" USING btree ("entity","entity_sid");--> statement-breakpoint
CREATE INDEX "demands_user_idx" ON "demands" USING btree ("user_sid","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_sid");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox_messages" USING btree ("created_at" DESC NULLS LAST);