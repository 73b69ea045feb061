CREATE TABLE "material_similar_backfill" (
	"version" smallint PRIMARY KEY NOT NULL,
	"after_seq" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_similar_lists" (
	"material_sid" text PRIMARY KEY NOT NULL,
	"version" smallint NOT NULL,
	"similar_sids" text[] DEFAULT '{}'::text[] NOT NULL,
	"scores" real[] DEFAULT '{}'::real[] NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "materials_perceptual_hash_bands_gin";--> statement-breakpoint
ALTER TABLE "material_similar_lists" ADD CONSTRAINT "material_similar_lists_material_sid_materials_sid_fk" FOREIGN KEY ("material_sid") REFERENCES "public"."materials"("sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "materials_hash_band0_idx" ON "materials" USING btree ((((("perceptual_hash" >> 0) & 2047))::int),"perceptual_hash","sid") WHERE "materials"."perceptual_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "materials_hash_band1_idx" ON "materials" USING btree ((((("perceptual_hash" >> 11) & 2047))::int),"perceptual_hash","sid") WHERE "materials"."perceptual_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "materials_hash_band2_idx" ON "materials" USING btree ((((("perceptual_hash" >> 22) & 2047))::int),"perceptual_hash","sid") WHERE "materials"."perceptual_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "materials_hash_band3_idx" ON "materials" USING btree ((((("perceptual_hash" >> 33) & 2047))::int),"perceptual_hash","sid") WHERE "materials"."perceptual_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "materials_hash_band4_idx" ON "materials" USING btree ((((("perceptual_hash" >> 44) & 1023))::int),"perceptual_hash","sid") WHERE "materials"."perceptual_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "materials_hash_band5_idx" ON "materials" USING btree ((((("perceptual_hash" >> 54) & 1023))::int),"perceptual_hash","sid") WHERE "materials"."perceptual_hash" IS NOT NULL;