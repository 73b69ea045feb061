CREATE TABLE "media_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"material_sid" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_jobs" ADD CONSTRAINT "media_jobs_material_sid_materials_sid_fk" FOREIGN KEY ("material_sid") REFERENCES "public"."materials"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_jobs_due_idx" ON "media_jobs" USING btree ("run_after","id") WHERE "media_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "media_jobs_material_idx" ON "media_jobs" USING btree ("material_sid","id" DESC NULLS LAST);