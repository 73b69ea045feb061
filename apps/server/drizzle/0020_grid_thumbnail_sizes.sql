ALTER TABLE "materials" ADD COLUMN "thumb_small_key" text;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "placeholder_color" text;