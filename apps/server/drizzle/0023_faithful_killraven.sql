CREATE TABLE "audit_logs_archive" (
	"id" bigint PRIMARY KEY NOT NULL,
	"operator_sid" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_sid" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events_archive" (
	"id" bigint PRIMARY KEY NOT NULL,
	"order_sid" text,
	"gateway" text NOT NULL,
	"kind" text NOT NULL,
	"trade_no" text,
	"amount_cents" bigint,
	"verified" boolean NOT NULL,
	"outcome" text NOT NULL,
	"payload" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_logs_archive_entity_idx" ON "audit_logs_archive" USING btree ("entity","entity_sid");--> statement-breakpoint
CREATE INDEX "audit_logs_archive_created_idx" ON "audit_logs_archive" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_events_archive_order_idx" ON "payment_events_archive" USING btree ("order_sid","created_at");--> statement-breakpoint
CREATE INDEX "payment_events_archive_created_idx" ON "payment_events_archive" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sign_in_guards_window_idx" ON "sign_in_guards" USING btree ("window_started_at");--> statement-breakpoint
CREATE INDEX "downloads_created_idx" ON "downloads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_events_created_idx" ON "payment_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "media_jobs_finished_idx" ON "media_jobs" USING btree ("finished_at") WHERE "media_jobs"."status" in ('done', 'failed');