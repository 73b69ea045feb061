ALTER TABLE "materials" ADD COLUMN "sales_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "price_sort_cents" bigint GENERATED ALWAYS AS (coalesce(least(case when 1 = any("auth_types") then coalesce(("special_prices_cents"->>'1')::bigint, ("prices_cents"->>'1')::bigint, 39800) end, case when 2 = any("auth_types") then coalesce(("special_prices_cents"->>'2')::bigint, ("prices_cents"->>'2')::bigint, 29800) end, case when 3 = any("auth_types") then coalesce(("special_prices_cents"->>'3')::bigint, ("prices_cents"->>'3')::bigint, 19800) end, case when 4 = any("auth_types") then coalesce(("special_prices_cents"->>'4')::bigint, ("prices_cents"->>'4')::bigint, 49800) end), -1)) STORED;--> statement-breakpoint
CREATE INDEX "materials_sales_idx" ON "materials" USING btree ("sales_count" DESC NULLS LAST,"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "materials_price_idx" ON "materials" USING btree ("price_sort_cents","seq");--> statement-breakpoint
-- Licences sold before the counter existed: every licence a paid order granted, less refunded ones.
UPDATE "materials" SET "sales_count" = "sold"."n"
FROM (SELECT "material_sid", count(*)::int AS "n" FROM "licences" WHERE "revoked_at" IS NULL GROUP BY "material_sid") AS "sold"
WHERE "materials"."sid" = "sold"."material_sid";
