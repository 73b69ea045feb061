CREATE TABLE "material_bulk_job_items" (
	"job_id" bigint NOT NULL,
	"material_seq" bigint NOT NULL,
	CONSTRAINT "material_bulk_job_items_job_id_material_seq_pk" PRIMARY KEY("job_id","material_seq")
);
--> statement-breakpoint
CREATE TABLE "material_bulk_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "material_bulk_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sid" text NOT NULL,
	"operator_sid" text NOT NULL,
	"change" jsonb NOT NULL,
	"selection" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"last_error" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "material_bulk_jobs_sid_unique" UNIQUE("sid")
);
--> statement-breakpoint
ALTER TABLE "material_bulk_job_items" ADD CONSTRAINT "material_bulk_job_items_job_id_material_bulk_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."material_bulk_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "material_bulk_jobs_due_idx" ON "material_bulk_jobs" USING btree ("id") WHERE "material_bulk_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "material_bulk_jobs_created_idx" ON "material_bulk_jobs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "materials_status_created_idx" ON "materials" USING btree ("status","created_at" DESC NULLS LAST,"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "materials_format_created_idx" ON "materials" USING btree ("format","created_at" DESC NULLS LAST,"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "materials_featured_created_idx" ON "materials" USING btree ("created_at" DESC NULLS LAST,"seq" DESC NULLS LAST) WHERE "materials"."featured";--> statement-breakpoint
CREATE INDEX "materials_disabled_created_idx" ON "materials" USING btree ("created_at" DESC NULLS LAST,"seq" DESC NULLS LAST) WHERE "materials"."disabled";