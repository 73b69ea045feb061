CREATE TABLE "design_comments" (
	"sid" text PRIMARY KEY NOT NULL,
	"demand_sid" text NOT NULL,
	"file_sid" text NOT NULL,
	"author_kind" text NOT NULL,
	"author_sid" text NOT NULL,
	"x" double precision,
	"y" double precision,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "design_files" (
	"sid" text PRIMARY KEY NOT NULL,
	"demand_sid" text NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"file_key" text NOT NULL,
	"preview_key" text,
	"content_type" text NOT NULL,
	"width" integer,
	"height" integer,
	"bytes" bigint NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "direct_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"user_sid" text NOT NULL,
	"purpose" text NOT NULL,
	"declared_content_type" text,
	"expires_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"content_type" text,
	"width" integer,
	"height" integer,
	"bytes" integer,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "exclusive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "owner_sid" text;--> statement-breakpoint
UPDATE "demands" d SET "owner_sid" = COALESCE(u."parent_sid", u."sid") FROM "users" u WHERE u."sid" = d."user_sid";--> statement-breakpoint
ALTER TABLE "demands" ALTER COLUMN "owner_sid" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "tier" text DEFAULT 'advanced' NOT NULL;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "brief" jsonb;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "quote_price_cents" integer;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "quote_lead_days" integer;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "designer_sid" text;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "revisions_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "stage_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "feedback_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "feedback_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "design_comments" ADD CONSTRAINT "design_comments_demand_sid_demands_sid_fk" FOREIGN KEY ("demand_sid") REFERENCES "public"."demands"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_comments" ADD CONSTRAINT "design_comments_file_sid_design_files_sid_fk" FOREIGN KEY ("file_sid") REFERENCES "public"."design_files"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_files" ADD CONSTRAINT "design_files_demand_sid_demands_sid_fk" FOREIGN KEY ("demand_sid") REFERENCES "public"."demands"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_files" ADD CONSTRAINT "design_files_uploaded_by_operators_sid_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."operators"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_uploads" ADD CONSTRAINT "direct_uploads_user_sid_users_sid_fk" FOREIGN KEY ("user_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "design_comments_demand_idx" ON "design_comments" USING btree ("demand_sid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "design_files_version_key" ON "design_files" USING btree ("demand_sid","kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "design_files_final_key" ON "design_files" USING btree ("demand_sid") WHERE "design_files"."kind" = 'final';--> statement-breakpoint
CREATE INDEX "direct_uploads_unused_idx" ON "direct_uploads" USING btree ("created_at") WHERE "direct_uploads"."used_at" is null;--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_owner_sid_users_sid_fk" FOREIGN KEY ("owner_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_designer_sid_operators_sid_fk" FOREIGN KEY ("designer_sid") REFERENCES "public"."operators"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demands_owner_idx" ON "demands" USING btree ("owner_sid","created_at" DESC NULLS LAST,"sid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "demands_board_idx" ON "demands" USING btree ("status","stage_deadline","sid");--> statement-breakpoint
CREATE INDEX "demands_deadline_idx" ON "demands" USING btree ("stage_deadline","sid");--> statement-breakpoint
CREATE UNIQUE INDEX "demands_order_key" ON "demands" USING btree ("order_sid");--> statement-breakpoint
UPDATE "demands" SET "status" = 'SUBMITTED' WHERE "status" = 'WAITING';--> statement-breakpoint
UPDATE "demands" SET "status" = 'DELIVERED' WHERE "status" = 'FINISHED';--> statement-breakpoint
UPDATE "demands" d SET "status" = 'SUBMITTED', "paid_at" = o."pay_time" FROM "orders" o WHERE o."sid" = d."order_sid" AND o."status" = 'PAYED' AND d."status" = 'CREATED';--> statement-breakpoint
UPDATE "demands" d SET "status" = 'CANCELLED' FROM "orders" o WHERE o."sid" = d."order_sid" AND o."status" = 'CANCELLED' AND d."status" = 'CREATED';
