CREATE TABLE "direct_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"user_sid" text NOT NULL,
	"purpose" text NOT NULL,
	"declared_content_type" text,
	"expires_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"content_type" text,
	"width" integer,
	"height" integer,
	"bytes" integer,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "direct_uploads" ADD CONSTRAINT "direct_uploads_user_sid_users_sid_fk" FOREIGN KEY ("user_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_uploads_unused_idx" ON "direct_uploads" USING btree ("created_at") WHERE "direct_uploads"."used_at" is null;