CREATE TABLE "content_consents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_sid" text NOT NULL,
	"owner_sid" text NOT NULL,
	"document_key" text NOT NULL,
	"version" integer NOT NULL,
	"context" text NOT NULL,
	"order_sid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_documents" (
	"key" text PRIMARY KEY NOT NULL,
	"published_version" integer NOT NULL,
	"draft_version" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_versions" (
	"key" text NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"html" text NOT NULL,
	"restored_from" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" text,
	"published_at" timestamp with time zone,
	CONSTRAINT "content_versions_key_version_pk" PRIMARY KEY("key","version")
);
--> statement-breakpoint
CREATE INDEX "content_consents_owner_idx" ON "content_consents" USING btree ("owner_sid","id");