DROP INDEX "audit_logs_entity_idx";--> statement-breakpoint
DROP INDEX "audit_logs_created_idx";--> statement-breakpoint
DROP INDEX "audit_logs_archive_entity_idx";--> statement-breakpoint
DROP INDEX "audit_logs_archive_created_idx";--> statement-breakpoint
ALTER TABLE "audit_logs" ALTER COLUMN "operator_sid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs_archive" ALTER COLUMN "operator_sid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "refs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs_archive" ADD COLUMN "refs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Until now one role did everything: every existing operator keeps it as an administrator.
UPDATE "operators" SET "roles" = '{admin}'::text[];--> statement-breakpoint
-- An entry's own object is one of its refs, so the search by object reads one index.
UPDATE "audit_logs" SET "refs" = ARRAY["entity_sid"] WHERE "entity_sid" IS NOT NULL;--> statement-breakpoint
UPDATE "audit_logs_archive" SET "refs" = ARRAY["entity_sid"] WHERE "entity_sid" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_logs_time_idx" ON "audit_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_operator_idx" ON "audit_logs" USING btree ("operator_sid","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_action_idx" ON "audit_logs" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_entity_time_idx" ON "audit_logs" USING btree ("entity","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_refs_gin" ON "audit_logs" USING gin ("refs");--> statement-breakpoint
CREATE INDEX "audit_logs_archive_time_idx" ON "audit_logs_archive" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_archive_operator_idx" ON "audit_logs_archive" USING btree ("operator_sid","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_archive_action_idx" ON "audit_logs_archive" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_archive_entity_time_idx" ON "audit_logs_archive" USING btree ("entity","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_archive_refs_gin" ON "audit_logs_archive" USING gin ("refs");