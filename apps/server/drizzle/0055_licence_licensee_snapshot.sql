ALTER TABLE "licences" ADD COLUMN "licensee_company" text;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "licensee_license" text;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "licensee_address" text;