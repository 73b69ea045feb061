DROP INDEX "materials_match_day_tokens_gin";--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "metal" text;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "gem" text;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "piece" text;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "scene" text;--> statement-breakpoint
CREATE INDEX "materials_match_day_tokens_gin" ON "materials" USING gin (("search_tokens" || ARRAY[('~f:' || "format"), (CASE WHEN "width" * 20 <= "height" * 17 THEN '~o:portrait' WHEN "width" * 20 >= "height" * 23 THEN '~o:landscape' ELSE '~o:square' END), ('~d:' || (("created_at" AT TIME ZONE 'UTC')::date - DATE '1970-01-01')::text), ('~m:' || coalesce("metal", '')), ('~g:' || coalesce("gem", '')), ('~p:' || coalesce("piece", '')), ('~s:' || coalesce("scene", ''))]));