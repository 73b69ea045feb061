CREATE TABLE "trace_cut_hash_backfill" (
	"version" smallint PRIMARY KEY NOT NULL,
	"after_seq" bigint DEFAULT 0 NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
