CREATE TABLE "survey_totals" (
	"id" smallint PRIMARY KEY NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"satisfaction_tenths" bigint DEFAULT 0 NOT NULL,
	"score_tenths" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "owner_sid" text NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_owner_sid_users_sid_fk" FOREIGN KEY ("owner_sid") REFERENCES "public"."users"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "surveys_user_key" ON "surveys" USING btree ("user_sid");--> statement-breakpoint
CREATE UNIQUE INDEX "surveys_rewarded_owner_key" ON "surveys" USING btree ("owner_sid") WHERE "surveys"."coupon_sid" is not null;--> statement-breakpoint
CREATE INDEX "surveys_created_idx" ON "surveys" USING btree ("created_at" DESC NULLS LAST,"sid");