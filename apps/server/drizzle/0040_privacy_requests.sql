CREATE TABLE "privacy_requests" (
	"sid" text PRIMARY KEY NOT NULL,
	"user_sid" text NOT NULL,
	"owner_sid" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"detail" text,
	"forfeited_balance_cents" bigint,
	"due_at" timestamp with time zone NOT NULL,
	"resolution" text,
	"operator_sid" text,
	"resolved_at" timestamp with time zone,
	"archive_key" text,
	"archive_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_user_sid_users_sid_fk" FOREIGN KEY ("user_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_owner_sid_users_sid_fk" FOREIGN KEY ("owner_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_requests_open_kind_key" ON "privacy_requests" USING btree ("user_sid","kind") WHERE "privacy_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_requests_erased_key" ON "privacy_requests" USING btree ("user_sid") WHERE "privacy_requests"."kind" = 'DELETION' and "privacy_requests"."status" = 'DONE';--> statement-breakpoint
CREATE INDEX "privacy_requests_user_idx" ON "privacy_requests" USING btree ("user_sid","created_at" DESC NULLS LAST,"sid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "privacy_requests_due_idx" ON "privacy_requests" USING btree ("due_at","sid");--> statement-breakpoint
CREATE INDEX "privacy_requests_status_due_idx" ON "privacy_requests" USING btree ("status","due_at","sid");--> statement-breakpoint
CREATE INDEX "privacy_requests_kind_due_idx" ON "privacy_requests" USING btree ("kind","due_at","sid");--> statement-breakpoint
CREATE INDEX "privacy_requests_kind_status_due_idx" ON "privacy_requests" USING btree ("kind","status","due_at","sid");--> statement-breakpoint
CREATE INDEX "privacy_requests_archive_expires_idx" ON "privacy_requests" USING btree ("archive_expires_at") WHERE "privacy_requests"."archive_key" is not null;