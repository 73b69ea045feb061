CREATE TABLE "upload_batch_files" (
	"sid" text PRIMARY KEY NOT NULL,
	"batch_sid" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"bytes" bigint NOT NULL,
	"state" text DEFAULT 'uploading' NOT NULL,
	"reason" text,
	"material_sid" text,
	"duplicate_of_sid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_batches" (
	"sid" text PRIMARY KEY NOT NULL,
	"operator_sid" text NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"file_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every material that existed before review is on sale (listed); from now on a new one waits
-- for review (pending). Both are catalogue-only changes: no row is rewritten.
ALTER TABLE "materials" ADD COLUMN "review_state" text DEFAULT 'listed' NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ALTER COLUMN "review_state" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "content_sha256" text;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "perceptual_hash" bigint;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "similar_to_sid" text;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "similar_distance" smallint;--> statement-breakpoint
ALTER TABLE "upload_batch_files" ADD CONSTRAINT "upload_batch_files_batch_sid_upload_batches_sid_fk" FOREIGN KEY ("batch_sid") REFERENCES "public"."upload_batches"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_batch_files" ADD CONSTRAINT "upload_batch_files_material_sid_materials_sid_fk" FOREIGN KEY ("material_sid") REFERENCES "public"."materials"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_batch_files" ADD CONSTRAINT "upload_batch_files_duplicate_of_sid_materials_sid_fk" FOREIGN KEY ("duplicate_of_sid") REFERENCES "public"."materials"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_batches" ADD CONSTRAINT "upload_batches_operator_sid_operators_sid_fk" FOREIGN KEY ("operator_sid") REFERENCES "public"."operators"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_batch_files_batch_idx" ON "upload_batch_files" USING btree ("batch_sid","position");--> statement-breakpoint
CREATE INDEX "upload_batch_files_material_idx" ON "upload_batch_files" USING btree ("material_sid") WHERE "upload_batch_files"."material_sid" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "upload_batches_created_idx" ON "upload_batches" USING btree ("created_at" DESC NULLS LAST,"sid" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "materials_content_sha256_key" ON "materials" USING btree ("content_sha256");--> statement-breakpoint
CREATE INDEX "materials_review_queue_idx" ON "materials" USING btree ("review_state","created_at" DESC NULLS LAST,"sid" DESC NULLS LAST) WHERE "materials"."review_state" <> 'listed';--> statement-breakpoint
CREATE INDEX "materials_perceptual_hash_idx" ON "materials" USING btree ("perceptual_hash","sid") WHERE "materials"."perceptual_hash" IS NOT NULL;