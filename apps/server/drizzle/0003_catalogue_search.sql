DROP INDEX "materials_created_idx";--> statement-breakpoint
DROP INDEX "materials_likes_idx";--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "shuffle_key" integer GENERATED ALWAYS AS (hashint8("seq")) STORED;--> statement-breakpoint
CREATE INDEX "material_likes_user_created_idx" ON "material_likes" USING btree ("user_sid","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "materials_shuffle_idx" ON "materials" USING btree ("shuffle_key","seq");--> statement-breakpoint
CREATE INDEX "materials_free_idx" ON "materials" USING btree ("free_from" DESC NULLS LAST,"seq" DESC NULLS LAST) WHERE "materials"."free_until" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "materials_featured_video_idx" ON "materials" USING btree ("created_at" DESC NULLS LAST,"seq" DESC NULLS LAST) WHERE "materials"."featured" AND "materials"."format" = 'video';--> statement-breakpoint
CREATE INDEX "materials_created_idx" ON "materials" USING btree ("created_at" DESC NULLS LAST,"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "materials_likes_idx" ON "materials" USING btree ("like_count" DESC NULLS LAST,"seq" DESC NULLS LAST);