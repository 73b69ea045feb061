CREATE TABLE "board_comments" (
	"sid" text PRIMARY KEY NOT NULL,
	"board_sid" text NOT NULL,
	"material_sid" text NOT NULL,
	"author_sid" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_items" (
	"board_sid" text NOT NULL,
	"material_sid" text NOT NULL,
	"spec" smallint NOT NULL,
	"position" bigint NOT NULL,
	"added_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_items_board_sid_material_sid_pk" PRIMARY KEY("board_sid","material_sid")
);
--> statement-breakpoint
CREATE TABLE "board_shares" (
	"token" text PRIMARY KEY NOT NULL,
	"board_sid" text NOT NULL,
	"created_by" text NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boards" (
	"sid" text PRIMARY KEY NOT NULL,
	"owner_sid" text NOT NULL,
	"creator_sid" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "board_comments" ADD CONSTRAINT "board_comments_board_sid_boards_sid_fk" FOREIGN KEY ("board_sid") REFERENCES "public"."boards"("sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_comments" ADD CONSTRAINT "board_comments_author_sid_users_sid_fk" FOREIGN KEY ("author_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_items" ADD CONSTRAINT "board_items_board_sid_boards_sid_fk" FOREIGN KEY ("board_sid") REFERENCES "public"."boards"("sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_items" ADD CONSTRAINT "board_items_material_sid_materials_sid_fk" FOREIGN KEY ("material_sid") REFERENCES "public"."materials"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_items" ADD CONSTRAINT "board_items_added_by_users_sid_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_shares" ADD CONSTRAINT "board_shares_board_sid_boards_sid_fk" FOREIGN KEY ("board_sid") REFERENCES "public"."boards"("sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_shares" ADD CONSTRAINT "board_shares_created_by_users_sid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_owner_sid_users_sid_fk" FOREIGN KEY ("owner_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_creator_sid_users_sid_fk" FOREIGN KEY ("creator_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_comments_item_idx" ON "board_comments" USING btree ("board_sid","material_sid","created_at","sid");--> statement-breakpoint
CREATE INDEX "board_items_position_idx" ON "board_items" USING btree ("board_sid","position");--> statement-breakpoint
CREATE INDEX "board_shares_board_idx" ON "board_shares" USING btree ("board_sid","created_at");--> statement-breakpoint
CREATE INDEX "boards_owner_created_idx" ON "boards" USING btree ("owner_sid","created_at" DESC NULLS LAST,"sid" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "boards_owner_name_idx" ON "boards" USING btree ("owner_sid","name");