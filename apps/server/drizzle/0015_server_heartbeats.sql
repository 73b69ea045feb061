CREATE TABLE "server_heartbeats" (
	"instance_id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"storage_driver" text NOT NULL,
	"storage_identity" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "server_heartbeats_last_seen_idx" ON "server_heartbeats" USING btree ("last_seen_at");