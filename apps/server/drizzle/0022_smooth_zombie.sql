ALTER TABLE "invoices" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "voided_by_sid" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "replaces_sid" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_replaces_sid_invoices_sid_fk" FOREIGN KEY ("replaces_sid") REFERENCES "public"."invoices"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_replaces_key" ON "invoices" USING btree ("replaces_sid");