DROP INDEX "licences_owner_created_idx";--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "superseded_by_cert_no" text;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "upgrades_licence_sid" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "upgrade_material_sid" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "upgrade_from_spec" smallint;--> statement-breakpoint
CREATE INDEX "licences_owner_current_created_idx" ON "licences" USING btree ("owner_sid","created_at" DESC NULLS LAST) WHERE "licences"."superseded_by_cert_no" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_open_upgrade_key" ON "orders" USING btree ("owner_sid","upgrade_material_sid") WHERE "orders"."status" = 'CREATED' AND "orders"."upgrade_material_sid" IS NOT NULL;