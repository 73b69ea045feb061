CREATE TABLE "trace_reference_hashes" (
	"material_sid" text NOT NULL,
	"source" text NOT NULL,
	"perceptual_hash" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trace_reference_hashes_material_sid_source_pk" PRIMARY KEY("material_sid","source")
);
--> statement-breakpoint
ALTER TABLE "trace_reference_hashes" ADD CONSTRAINT "trace_reference_hashes_material_sid_materials_sid_fk" FOREIGN KEY ("material_sid") REFERENCES "public"."materials"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trace_reference_hashes_hash_idx" ON "trace_reference_hashes" USING btree ("perceptual_hash","material_sid","source");