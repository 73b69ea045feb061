CREATE TABLE "change_feed" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "change_feed_channel_id_idx" ON "change_feed" USING btree ("channel","id");--> statement-breakpoint
CREATE INDEX "change_feed_created_idx" ON "change_feed" USING btree ("created_at");